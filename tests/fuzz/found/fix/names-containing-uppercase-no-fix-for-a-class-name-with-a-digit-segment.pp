 


class Gprofile::0lists {
  $doubl#d =~$numebs.rmeserved " ZZZZZZZ 
												
 t.maj |$x| {
  	 $x + 			0
   }
}
