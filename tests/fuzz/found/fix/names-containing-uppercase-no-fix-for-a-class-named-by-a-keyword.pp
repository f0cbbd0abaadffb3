class 
Class { 'a 'app }
