# class << obj
class << self
  def a; end
end
class << obj; end
class A
  class << self
    attr_reader :x
  end
end
def m
  class << self
    X = 1
  end
end
