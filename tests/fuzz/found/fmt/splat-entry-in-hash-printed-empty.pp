include { * => $settings }
