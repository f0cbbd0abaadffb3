['web', 'db', 'web'].each |$role| {
  nothfy { "ro1 {
 ( 4 }": }
 




 
 




 
  s 

   
 
 



 rworke0 
   

  


 
 
   

   
 
 



 
 



   #


   

   
 
 



 
 


}
   a


  

