# super
def m(a)
  super
  super()
  super(a)
  super a, 1
  super do end
  super { |x| }
  super(&b)
  super *a
end
