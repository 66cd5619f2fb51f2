# comments and =begin/=end
a = 1 # trailing comment
=begin
anything here
  even code: def x
=end
b = 2
=begin extra
=end trailing
c = 3
