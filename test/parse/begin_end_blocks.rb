# BEGIN blocks are hoisted, with locals of their own; END blocks are NODE_POSTEXE
p 1
BEGIN { p 0 }
END { p 2 }
BEGIN {
  a = 3
}
END { |x| p a }
