# def and class bodies start fresh
a = 1
def m(b)
  a
  c = b
end
class K
  a
  d = 2
  def n; d; end
end
module M; e = 3; end
