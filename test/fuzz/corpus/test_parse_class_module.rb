# class and module
class A; end
class A < B; end
class A::B < C; end
class ::A; end
class A < Struct.new(:x)
  X = 1
  def m; end
end
module M; end
module M::N
  class O; end
end
