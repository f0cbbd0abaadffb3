$ms= @(EOT)@(EOT)
    Welcome.otd  EOT

    Welcome.otd  EOT
