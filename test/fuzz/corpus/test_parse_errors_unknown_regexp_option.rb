x = /a/z
