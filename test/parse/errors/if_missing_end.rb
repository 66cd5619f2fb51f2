if true
