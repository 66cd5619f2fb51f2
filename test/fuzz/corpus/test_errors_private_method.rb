# calling a private method with a receiver; inspect is fixed so the
# message is deterministic
class Foo
  def inspect; "#<Foo>"; end
  private
  def x; end
end
Foo.new.x
