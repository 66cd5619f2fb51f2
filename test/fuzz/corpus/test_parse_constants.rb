# constants and ::
A
A::B
::A
A::B::C
A::b
A::B()
a::b
A::b 1
::A::B
