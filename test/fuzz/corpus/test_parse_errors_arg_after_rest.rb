def m(*a, b); end
