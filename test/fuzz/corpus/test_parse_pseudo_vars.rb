# nil true false self __FILE__ __LINE__
p nil, true, false, self
p __FILE__
p __LINE__
