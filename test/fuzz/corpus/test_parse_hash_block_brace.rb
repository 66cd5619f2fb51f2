# { is a hash at an operand position, a block after a call
{1 => 2}
foo {}
foo({})
foo 1, {2 => 3}
x = {}
return {1 => 2}
[{}]
p({:a => 1}) { }
