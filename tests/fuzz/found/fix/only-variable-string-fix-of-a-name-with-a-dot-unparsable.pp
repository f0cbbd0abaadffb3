lassi("${0.0A}")
