//iyod
  


;									host				f				;					
 
cl													



  
  																						f				;					e =d{}
//tye_epyod
co