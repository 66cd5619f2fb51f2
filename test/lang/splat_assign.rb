# splat_assign.rb: 1.8.7's splats in assignments, return, break, next and
# yield: *nil is [nil], a lone value list is unwrapped (a = *[1] is 1,
# a = 1, *[] is 1), and `yield *a` gives |a, b| one Array value whole.
# The cases of MRI 1.8.7's assignment tests, with the values it gives.
require 'assert'
$VERBOSE = nil      # |a| given several values warns; not what is tested here

def sa_yield0; yield nil; end
def sa_return0; return nil; end
def sa_yield1; yield 1; end
def sa_return1; return 1; end
def sa_yield2; yield []; end
def sa_return2; return []; end
def sa_yield3; yield [1]; end
def sa_return3; return [1]; end
def sa_yield4; yield [nil]; end
def sa_return4; return [nil]; end
def sa_yield5; yield [[]]; end
def sa_return5; return [[]]; end
def sa_yield6; yield [1,2]; end
def sa_return6; return [1,2]; end
def sa_yield7; yield *nil; end
def sa_return7; return *nil; end
def sa_yield8; yield *1; end
def sa_return8; return *1; end
def sa_yield9; yield *[]; end
def sa_return9; return *[]; end
def sa_yield10; yield *[1]; end
def sa_return10; return *[1]; end
def sa_yield11; yield *[nil]; end
def sa_return11; return *[nil]; end
def sa_yield12; yield *[[]]; end
def sa_return12; return *[[]]; end
def sa_yield13; yield *[1,2]; end
def sa_return13; return *[1,2]; end
def sa_yield14; yield 1, 2; end
def sa_return14; return 1, 2; end
def sa_yield15; yield 1, *nil; end
def sa_return15; return 1, *nil; end
def sa_yield16; yield 1, *[]; end
def sa_return16; return 1, *[]; end
def sa_iter; yield; end

test "a = ..." do
  a = b = c = :unset
  a = nil; assert_nil a
  a = 1; assert_equal 1, a
  a = []; assert_equal [], a
  a = [1]; assert_equal [1], a
  a = [nil]; assert_equal [nil], a
  a = [[]]; assert_equal [[]], a
  a = [1,2]; assert_equal [1, 2], a
  a = *nil; assert_nil a
  a = *1; assert_equal 1, a
  a = *[]; assert_nil a
  a = *[1]; assert_equal 1, a
  a = *[nil]; assert_nil a
  a = *[[]]; assert_equal [], a
  a = *[1,2]; assert_equal [1, 2], a
  a = 1, 2; assert_equal [1, 2], a
  a = 1, *nil; assert_equal [1, nil], a
  a = 1, *[]; assert_equal 1, a
end

test "*a = ..." do
  a = b = c = :unset
  *a = nil; assert_equal [nil], a
  *a = 1; assert_equal [1], a
  *a = []; assert_equal [[]], a
  *a = [1]; assert_equal [[1]], a
  *a = [nil]; assert_equal [[nil]], a
  *a = [[]]; assert_equal [[[]]], a
  *a = [1,2]; assert_equal [[1, 2]], a
  *a = *nil; assert_equal [nil], a
  *a = *1; assert_equal [1], a
  *a = *[]; assert_equal [], a
  *a = *[1]; assert_equal [1], a
  *a = *[nil]; assert_equal [nil], a
  *a = *[[]]; assert_equal [[]], a
  *a = *[1,2]; assert_equal [1, 2], a
  *a = 1, 2; assert_equal [1, 2], a
  *a = 1, *nil; assert_equal [1, nil], a
  *a = 1, *[]; assert_equal [1], a
end

test "a, = ..." do
  a = b = c = :unset
  a, = nil; assert_nil a
  a, = 1; assert_equal 1, a
  a, = []; assert_nil a
  a, = [1]; assert_equal 1, a
  a, = [nil]; assert_nil a
  a, = [[]]; assert_equal [], a
  a, = [1,2]; assert_equal 1, a
  a, = *nil; assert_nil a
  a, = *1; assert_equal 1, a
  a, = *[]; assert_nil a
  a, = *[1]; assert_equal 1, a
  a, = *[nil]; assert_nil a
  a, = *[[]]; assert_equal [], a
  a, = *[1,2]; assert_equal 1, a
  a, = 1, 2; assert_equal 1, a
  a, = 1, *nil; assert_equal 1, a
  a, = 1, *[]; assert_equal 1, a
end

test "a, b = ..." do
  a = b = c = :unset
  a, b = nil; assert_equal [nil, nil], [a, b]
  a, b = 1; assert_equal [1, nil], [a, b]
  a, b = []; assert_equal [nil, nil], [a, b]
  a, b = [1]; assert_equal [1, nil], [a, b]
  a, b = [nil]; assert_equal [nil, nil], [a, b]
  a, b = [[]]; assert_equal [[], nil], [a, b]
  a, b = [1,2]; assert_equal [1, 2], [a, b]
  a, b = *nil; assert_equal [nil, nil], [a, b]
  a, b = *1; assert_equal [1, nil], [a, b]
  a, b = *[]; assert_equal [nil, nil], [a, b]
  a, b = *[1]; assert_equal [1, nil], [a, b]
  a, b = *[nil]; assert_equal [nil, nil], [a, b]
  a, b = *[[]]; assert_equal [[], nil], [a, b]
  a, b = *[1,2]; assert_equal [1, 2], [a, b]
  a, b = 1, 2; assert_equal [1, 2], [a, b]
  a, b = 1, *nil; assert_equal [1, nil], [a, b]
  a, b = 1, *[]; assert_equal [1, nil], [a, b]
end

test "a, *b = ..." do
  a = b = c = :unset
  a, *b = nil; assert_equal [nil, []], [a, b]
  a, *b = 1; assert_equal [1, []], [a, b]
  a, *b = []; assert_equal [nil, []], [a, b]
  a, *b = [1]; assert_equal [1, []], [a, b]
  a, *b = [nil]; assert_equal [nil, []], [a, b]
  a, *b = [[]]; assert_equal [[], []], [a, b]
  a, *b = [1,2]; assert_equal [1, [2]], [a, b]
  a, *b = *nil; assert_equal [nil, []], [a, b]
  a, *b = *1; assert_equal [1, []], [a, b]
  a, *b = *[]; assert_equal [nil, []], [a, b]
  a, *b = *[1]; assert_equal [1, []], [a, b]
  a, *b = *[nil]; assert_equal [nil, []], [a, b]
  a, *b = *[[]]; assert_equal [[], []], [a, b]
  a, *b = *[1,2]; assert_equal [1, [2]], [a, b]
  a, *b = 1, 2; assert_equal [1, [2]], [a, b]
  a, *b = 1, *nil; assert_equal [1, [nil]], [a, b]
  a, *b = 1, *[]; assert_equal [1, []], [a, b]
end

test "a, b, *c = ..." do
  a = b = c = :unset
  a, b, *c = nil; assert_equal [nil, nil, []], [a, b, c]
  a, b, *c = 1; assert_equal [1, nil, []], [a, b, c]
  a, b, *c = []; assert_equal [nil, nil, []], [a, b, c]
  a, b, *c = [1]; assert_equal [1, nil, []], [a, b, c]
  a, b, *c = [nil]; assert_equal [nil, nil, []], [a, b, c]
  a, b, *c = [[]]; assert_equal [[], nil, []], [a, b, c]
  a, b, *c = [1,2]; assert_equal [1, 2, []], [a, b, c]
  a, b, *c = *nil; assert_equal [nil, nil, []], [a, b, c]
  a, b, *c = *1; assert_equal [1, nil, []], [a, b, c]
  a, b, *c = *[]; assert_equal [nil, nil, []], [a, b, c]
  a, b, *c = *[1]; assert_equal [1, nil, []], [a, b, c]
  a, b, *c = *[nil]; assert_equal [nil, nil, []], [a, b, c]
  a, b, *c = *[[]]; assert_equal [[], nil, []], [a, b, c]
  a, b, *c = *[1,2]; assert_equal [1, 2, []], [a, b, c]
  a, b, *c = 1, 2; assert_equal [1, 2, []], [a, b, c]
  a, b, *c = 1, *nil; assert_equal [1, nil, []], [a, b, c]
  a, b, *c = 1, *[]; assert_equal [1, nil, []], [a, b, c]
end

test "(a, b), c = ..." do
  a = b = c = :unset
  (a, b), c = nil; assert_equal [nil, nil, nil], [a, b, c]
  (a, b), c = 1; assert_equal [1, nil, nil], [a, b, c]
  (a, b), c = []; assert_equal [nil, nil, nil], [a, b, c]
  (a, b), c = [1]; assert_equal [1, nil, nil], [a, b, c]
  (a, b), c = [nil]; assert_equal [nil, nil, nil], [a, b, c]
  (a, b), c = [[]]; assert_equal [nil, nil, nil], [a, b, c]
  (a, b), c = [1,2]; assert_equal [1, nil, 2], [a, b, c]
  (a, b), c = *nil; assert_equal [nil, nil, nil], [a, b, c]
  (a, b), c = *1; assert_equal [1, nil, nil], [a, b, c]
  (a, b), c = *[]; assert_equal [nil, nil, nil], [a, b, c]
  (a, b), c = *[1]; assert_equal [1, nil, nil], [a, b, c]
  (a, b), c = *[nil]; assert_equal [nil, nil, nil], [a, b, c]
  (a, b), c = *[[]]; assert_equal [nil, nil, nil], [a, b, c]
  (a, b), c = *[1,2]; assert_equal [1, nil, 2], [a, b, c]
  (a, b), c = 1, 2; assert_equal [1, nil, 2], [a, b, c]
  (a, b), c = 1, *nil; assert_equal [1, nil, nil], [a, b, c]
  (a, b), c = 1, *[]; assert_equal [1, nil, nil], [a, b, c]
end

test "a, (b, c) = ..." do
  a = b = c = :unset
  a, (b, c) = nil; assert_equal [nil, nil, nil], [a, b, c]
  a, (b, c) = 1; assert_equal [1, nil, nil], [a, b, c]
  a, (b, c) = []; assert_equal [nil, nil, nil], [a, b, c]
  a, (b, c) = [1]; assert_equal [1, nil, nil], [a, b, c]
  a, (b, c) = [nil]; assert_equal [nil, nil, nil], [a, b, c]
  a, (b, c) = [[]]; assert_equal [[], nil, nil], [a, b, c]
  a, (b, c) = [1,2]; assert_equal [1, 2, nil], [a, b, c]
  a, (b, c) = *nil; assert_equal [nil, nil, nil], [a, b, c]
  a, (b, c) = *1; assert_equal [1, nil, nil], [a, b, c]
  a, (b, c) = *[]; assert_equal [nil, nil, nil], [a, b, c]
  a, (b, c) = *[1]; assert_equal [1, nil, nil], [a, b, c]
  a, (b, c) = *[nil]; assert_equal [nil, nil, nil], [a, b, c]
  a, (b, c) = *[[]]; assert_equal [[], nil, nil], [a, b, c]
  a, (b, c) = *[1,2]; assert_equal [1, 2, nil], [a, b, c]
  a, (b, c) = 1, 2; assert_equal [1, 2, nil], [a, b, c]
  a, (b, c) = 1, *nil; assert_equal [1, nil, nil], [a, b, c]
  a, (b, c) = 1, *[]; assert_equal [1, nil, nil], [a, b, c]
end

test "yield ... to |a|" do
  assert_nil sa_yield0 { |a| a }
  assert_equal 1, sa_yield1 { |a| a }
  assert_equal [], sa_yield2 { |a| a }
  assert_equal [1], sa_yield3 { |a| a }
  assert_equal [nil], sa_yield4 { |a| a }
  assert_equal [[]], sa_yield5 { |a| a }
  assert_equal [1, 2], sa_yield6 { |a| a }
  assert_nil sa_yield7 { |a| a }
  assert_equal 1, sa_yield8 { |a| a }
  assert_nil sa_yield9 { |a| a }
  assert_equal 1, sa_yield10 { |a| a }
  assert_nil sa_yield11 { |a| a }
  assert_equal [], sa_yield12 { |a| a }
  assert_equal [1, 2], sa_yield13 { |a| a }
  assert_equal [1, 2], sa_yield14 { |a| a }
  assert_equal [1, nil], sa_yield15 { |a| a }
  assert_equal 1, sa_yield16 { |a| a }
end

test "yield ... to |*a|" do
  assert_equal [nil], sa_yield0 { |*a| a }
  assert_equal [1], sa_yield1 { |*a| a }
  assert_equal [[]], sa_yield2 { |*a| a }
  assert_equal [[1]], sa_yield3 { |*a| a }
  assert_equal [[nil]], sa_yield4 { |*a| a }
  assert_equal [[[]]], sa_yield5 { |*a| a }
  assert_equal [[1, 2]], sa_yield6 { |*a| a }
  assert_equal [nil], sa_yield7 { |*a| a }
  assert_equal [1], sa_yield8 { |*a| a }
  assert_equal [], sa_yield9 { |*a| a }
  assert_equal [1], sa_yield10 { |*a| a }
  assert_equal [nil], sa_yield11 { |*a| a }
  assert_equal [[]], sa_yield12 { |*a| a }
  assert_equal [1, 2], sa_yield13 { |*a| a }
  assert_equal [1, 2], sa_yield14 { |*a| a }
  assert_equal [1, nil], sa_yield15 { |*a| a }
  assert_equal [1], sa_yield16 { |*a| a }
end

test "yield ... to |a,|" do
  assert_nil sa_yield0 { |a,| a }
  assert_equal 1, sa_yield1 { |a,| a }
  assert_nil sa_yield2 { |a,| a }
  assert_equal 1, sa_yield3 { |a,| a }
  assert_nil sa_yield4 { |a,| a }
  assert_equal [], sa_yield5 { |a,| a }
  assert_equal 1, sa_yield6 { |a,| a }
  assert_nil sa_yield7 { |a,| a }
  assert_equal 1, sa_yield8 { |a,| a }
  assert_nil sa_yield9 { |a,| a }
  assert_equal 1, sa_yield10 { |a,| a }
  assert_nil sa_yield11 { |a,| a }
  assert_equal [], sa_yield12 { |a,| a }
  assert_equal 1, sa_yield13 { |a,| a }
  assert_equal 1, sa_yield14 { |a,| a }
  assert_equal 1, sa_yield15 { |a,| a }
  assert_equal 1, sa_yield16 { |a,| a }
end

test "yield ... to |a, b|" do
  assert_equal [nil, nil], sa_yield0 { |a, b| [a, b] }
  assert_equal [1, nil], sa_yield1 { |a, b| [a, b] }
  assert_equal [nil, nil], sa_yield2 { |a, b| [a, b] }
  assert_equal [1, nil], sa_yield3 { |a, b| [a, b] }
  assert_equal [nil, nil], sa_yield4 { |a, b| [a, b] }
  assert_equal [[], nil], sa_yield5 { |a, b| [a, b] }
  assert_equal [1, 2], sa_yield6 { |a, b| [a, b] }
  assert_equal [nil, nil], sa_yield7 { |a, b| [a, b] }
  assert_equal [1, nil], sa_yield8 { |a, b| [a, b] }
  assert_equal [nil, nil], sa_yield9 { |a, b| [a, b] }
  assert_equal [1, nil], sa_yield10 { |a, b| [a, b] }
  assert_equal [nil, nil], sa_yield11 { |a, b| [a, b] }
  assert_equal [[], nil], sa_yield12 { |a, b| [a, b] }
  assert_equal [1, 2], sa_yield13 { |a, b| [a, b] }
  assert_equal [1, 2], sa_yield14 { |a, b| [a, b] }
  assert_equal [1, nil], sa_yield15 { |a, b| [a, b] }
  assert_equal [1, nil], sa_yield16 { |a, b| [a, b] }
end

test "yield ... to |a, *b|" do
  assert_equal [nil, []], sa_yield0 { |a, *b| [a, b] }
  assert_equal [1, []], sa_yield1 { |a, *b| [a, b] }
  assert_equal [nil, []], sa_yield2 { |a, *b| [a, b] }
  assert_equal [1, []], sa_yield3 { |a, *b| [a, b] }
  assert_equal [nil, []], sa_yield4 { |a, *b| [a, b] }
  assert_equal [[], []], sa_yield5 { |a, *b| [a, b] }
  assert_equal [1, [2]], sa_yield6 { |a, *b| [a, b] }
  assert_equal [nil, []], sa_yield7 { |a, *b| [a, b] }
  assert_equal [1, []], sa_yield8 { |a, *b| [a, b] }
  assert_equal [nil, []], sa_yield9 { |a, *b| [a, b] }
  assert_equal [1, []], sa_yield10 { |a, *b| [a, b] }
  assert_equal [nil, []], sa_yield11 { |a, *b| [a, b] }
  assert_equal [[], []], sa_yield12 { |a, *b| [a, b] }
  assert_equal [1, [2]], sa_yield13 { |a, *b| [a, b] }
  assert_equal [1, [2]], sa_yield14 { |a, *b| [a, b] }
  assert_equal [1, [nil]], sa_yield15 { |a, *b| [a, b] }
  assert_equal [1, []], sa_yield16 { |a, *b| [a, b] }
end

test "yield ... to |a, b, *c|" do
  assert_equal [nil, nil, []], sa_yield0 { |a, b, *c| [a, b, c] }
  assert_equal [1, nil, []], sa_yield1 { |a, b, *c| [a, b, c] }
  assert_equal [nil, nil, []], sa_yield2 { |a, b, *c| [a, b, c] }
  assert_equal [1, nil, []], sa_yield3 { |a, b, *c| [a, b, c] }
  assert_equal [nil, nil, []], sa_yield4 { |a, b, *c| [a, b, c] }
  assert_equal [[], nil, []], sa_yield5 { |a, b, *c| [a, b, c] }
  assert_equal [1, 2, []], sa_yield6 { |a, b, *c| [a, b, c] }
  assert_equal [nil, nil, []], sa_yield7 { |a, b, *c| [a, b, c] }
  assert_equal [1, nil, []], sa_yield8 { |a, b, *c| [a, b, c] }
  assert_equal [nil, nil, []], sa_yield9 { |a, b, *c| [a, b, c] }
  assert_equal [1, nil, []], sa_yield10 { |a, b, *c| [a, b, c] }
  assert_equal [nil, nil, []], sa_yield11 { |a, b, *c| [a, b, c] }
  assert_equal [[], nil, []], sa_yield12 { |a, b, *c| [a, b, c] }
  assert_equal [1, 2, []], sa_yield13 { |a, b, *c| [a, b, c] }
  assert_equal [1, 2, []], sa_yield14 { |a, b, *c| [a, b, c] }
  assert_equal [1, nil, []], sa_yield15 { |a, b, *c| [a, b, c] }
  assert_equal [1, nil, []], sa_yield16 { |a, b, *c| [a, b, c] }
end

test "yield ... to |(a, b), c|" do
  assert_equal [nil, nil, nil], sa_yield0 { |(a, b), c| [a, b, c] }
  assert_equal [1, nil, nil], sa_yield1 { |(a, b), c| [a, b, c] }
  assert_equal [nil, nil, nil], sa_yield2 { |(a, b), c| [a, b, c] }
  assert_equal [1, nil, nil], sa_yield3 { |(a, b), c| [a, b, c] }
  assert_equal [nil, nil, nil], sa_yield4 { |(a, b), c| [a, b, c] }
  assert_equal [nil, nil, nil], sa_yield5 { |(a, b), c| [a, b, c] }
  assert_equal [1, nil, 2], sa_yield6 { |(a, b), c| [a, b, c] }
  assert_equal [nil, nil, nil], sa_yield7 { |(a, b), c| [a, b, c] }
  assert_equal [1, nil, nil], sa_yield8 { |(a, b), c| [a, b, c] }
  assert_equal [nil, nil, nil], sa_yield9 { |(a, b), c| [a, b, c] }
  assert_equal [1, nil, nil], sa_yield10 { |(a, b), c| [a, b, c] }
  assert_equal [nil, nil, nil], sa_yield11 { |(a, b), c| [a, b, c] }
  assert_equal [nil, nil, nil], sa_yield12 { |(a, b), c| [a, b, c] }
  assert_equal [1, nil, 2], sa_yield13 { |(a, b), c| [a, b, c] }
  assert_equal [1, nil, 2], sa_yield14 { |(a, b), c| [a, b, c] }
  assert_equal [1, nil, nil], sa_yield15 { |(a, b), c| [a, b, c] }
  assert_equal [1, nil, nil], sa_yield16 { |(a, b), c| [a, b, c] }
end

test "return, break and next values assigned to a" do
  a = b = c = :unset
  a = sa_return0; assert_nil a
  a = sa_iter { break nil }; assert_nil a
  a = sa_iter { next nil }; assert_nil a
  a = sa_return1; assert_equal 1, a
  a = sa_iter { break 1 }; assert_equal 1, a
  a = sa_iter { next 1 }; assert_equal 1, a
  a = sa_return2; assert_equal [], a
  a = sa_iter { break [] }; assert_equal [], a
  a = sa_iter { next [] }; assert_equal [], a
  a = sa_return3; assert_equal [1], a
  a = sa_iter { break [1] }; assert_equal [1], a
  a = sa_iter { next [1] }; assert_equal [1], a
  a = sa_return4; assert_equal [nil], a
  a = sa_iter { break [nil] }; assert_equal [nil], a
  a = sa_iter { next [nil] }; assert_equal [nil], a
  a = sa_return5; assert_equal [[]], a
  a = sa_iter { break [[]] }; assert_equal [[]], a
  a = sa_iter { next [[]] }; assert_equal [[]], a
  a = sa_return6; assert_equal [1, 2], a
  a = sa_iter { break [1,2] }; assert_equal [1, 2], a
  a = sa_iter { next [1,2] }; assert_equal [1, 2], a
  a = sa_return7; assert_nil a
  a = sa_iter { break *nil }; assert_nil a
  a = sa_iter { next *nil }; assert_nil a
  a = sa_return8; assert_equal 1, a
  a = sa_iter { break *1 }; assert_equal 1, a
  a = sa_iter { next *1 }; assert_equal 1, a
  a = sa_return9; assert_nil a
  a = sa_iter { break *[] }; assert_nil a
  a = sa_iter { next *[] }; assert_nil a
  a = sa_return10; assert_equal 1, a
  a = sa_iter { break *[1] }; assert_equal 1, a
  a = sa_iter { next *[1] }; assert_equal 1, a
  a = sa_return11; assert_nil a
  a = sa_iter { break *[nil] }; assert_nil a
  a = sa_iter { next *[nil] }; assert_nil a
  a = sa_return12; assert_equal [], a
  a = sa_iter { break *[[]] }; assert_equal [], a
  a = sa_iter { next *[[]] }; assert_equal [], a
  a = sa_return13; assert_equal [1, 2], a
  a = sa_iter { break *[1,2] }; assert_equal [1, 2], a
  a = sa_iter { next *[1,2] }; assert_equal [1, 2], a
  a = sa_return14; assert_equal [1, 2], a
  a = sa_iter { break 1, 2 }; assert_equal [1, 2], a
  a = sa_iter { next 1, 2 }; assert_equal [1, 2], a
  a = sa_return15; assert_equal [1, nil], a
  a = sa_iter { break 1, *nil }; assert_equal [1, nil], a
  a = sa_iter { next 1, *nil }; assert_equal [1, nil], a
  a = sa_return16; assert_equal [1], a
  a = sa_iter { break 1, *[] }; assert_equal [1], a
  a = sa_iter { next 1, *[] }; assert_equal [1], a
end

test "return, break and next values assigned to *a" do
  a = b = c = :unset
  *a = sa_return0; assert_equal [nil], a
  *a = sa_iter { break nil }; assert_equal [nil], a
  *a = sa_iter { next nil }; assert_equal [nil], a
  *a = sa_return1; assert_equal [1], a
  *a = sa_iter { break 1 }; assert_equal [1], a
  *a = sa_iter { next 1 }; assert_equal [1], a
  *a = sa_return2; assert_equal [[]], a
  *a = sa_iter { break [] }; assert_equal [[]], a
  *a = sa_iter { next [] }; assert_equal [[]], a
  *a = sa_return3; assert_equal [[1]], a
  *a = sa_iter { break [1] }; assert_equal [[1]], a
  *a = sa_iter { next [1] }; assert_equal [[1]], a
  *a = sa_return4; assert_equal [[nil]], a
  *a = sa_iter { break [nil] }; assert_equal [[nil]], a
  *a = sa_iter { next [nil] }; assert_equal [[nil]], a
  *a = sa_return5; assert_equal [[[]]], a
  *a = sa_iter { break [[]] }; assert_equal [[[]]], a
  *a = sa_iter { next [[]] }; assert_equal [[[]]], a
  *a = sa_return6; assert_equal [[1, 2]], a
  *a = sa_iter { break [1,2] }; assert_equal [[1, 2]], a
  *a = sa_iter { next [1,2] }; assert_equal [[1, 2]], a
  *a = sa_return7; assert_equal [nil], a
  *a = sa_iter { break *nil }; assert_equal [nil], a
  *a = sa_iter { next *nil }; assert_equal [nil], a
  *a = sa_return8; assert_equal [1], a
  *a = sa_iter { break *1 }; assert_equal [1], a
  *a = sa_iter { next *1 }; assert_equal [1], a
  *a = sa_return9; assert_equal [nil], a
  *a = sa_iter { break *[] }; assert_equal [nil], a
  *a = sa_iter { next *[] }; assert_equal [nil], a
  *a = sa_return10; assert_equal [1], a
  *a = sa_iter { break *[1] }; assert_equal [1], a
  *a = sa_iter { next *[1] }; assert_equal [1], a
  *a = sa_return11; assert_equal [nil], a
  *a = sa_iter { break *[nil] }; assert_equal [nil], a
  *a = sa_iter { next *[nil] }; assert_equal [nil], a
  *a = sa_return12; assert_equal [[]], a
  *a = sa_iter { break *[[]] }; assert_equal [[]], a
  *a = sa_iter { next *[[]] }; assert_equal [[]], a
  *a = sa_return13; assert_equal [[1, 2]], a
  *a = sa_iter { break *[1,2] }; assert_equal [[1, 2]], a
  *a = sa_iter { next *[1,2] }; assert_equal [[1, 2]], a
  *a = sa_return14; assert_equal [[1, 2]], a
  *a = sa_iter { break 1, 2 }; assert_equal [[1, 2]], a
  *a = sa_iter { next 1, 2 }; assert_equal [[1, 2]], a
  *a = sa_return15; assert_equal [[1, nil]], a
  *a = sa_iter { break 1, *nil }; assert_equal [[1, nil]], a
  *a = sa_iter { next 1, *nil }; assert_equal [[1, nil]], a
  *a = sa_return16; assert_equal [[1]], a
  *a = sa_iter { break 1, *[] }; assert_equal [[1]], a
  *a = sa_iter { next 1, *[] }; assert_equal [[1]], a
end

test "return, break and next values assigned to a, b" do
  a = b = c = :unset
  a, b = sa_return0; assert_equal [nil, nil], [a, b]
  a, b = sa_iter { break nil }; assert_equal [nil, nil], [a, b]
  a, b = sa_iter { next nil }; assert_equal [nil, nil], [a, b]
  a, b = sa_return1; assert_equal [1, nil], [a, b]
  a, b = sa_iter { break 1 }; assert_equal [1, nil], [a, b]
  a, b = sa_iter { next 1 }; assert_equal [1, nil], [a, b]
  a, b = sa_return2; assert_equal [nil, nil], [a, b]
  a, b = sa_iter { break [] }; assert_equal [nil, nil], [a, b]
  a, b = sa_iter { next [] }; assert_equal [nil, nil], [a, b]
  a, b = sa_return3; assert_equal [1, nil], [a, b]
  a, b = sa_iter { break [1] }; assert_equal [1, nil], [a, b]
  a, b = sa_iter { next [1] }; assert_equal [1, nil], [a, b]
  a, b = sa_return4; assert_equal [nil, nil], [a, b]
  a, b = sa_iter { break [nil] }; assert_equal [nil, nil], [a, b]
  a, b = sa_iter { next [nil] }; assert_equal [nil, nil], [a, b]
  a, b = sa_return5; assert_equal [[], nil], [a, b]
  a, b = sa_iter { break [[]] }; assert_equal [[], nil], [a, b]
  a, b = sa_iter { next [[]] }; assert_equal [[], nil], [a, b]
  a, b = sa_return6; assert_equal [1, 2], [a, b]
  a, b = sa_iter { break [1,2] }; assert_equal [1, 2], [a, b]
  a, b = sa_iter { next [1,2] }; assert_equal [1, 2], [a, b]
  a, b = sa_return7; assert_equal [nil, nil], [a, b]
  a, b = sa_iter { break *nil }; assert_equal [nil, nil], [a, b]
  a, b = sa_iter { next *nil }; assert_equal [nil, nil], [a, b]
  a, b = sa_return8; assert_equal [1, nil], [a, b]
  a, b = sa_iter { break *1 }; assert_equal [1, nil], [a, b]
  a, b = sa_iter { next *1 }; assert_equal [1, nil], [a, b]
  a, b = sa_return9; assert_equal [nil, nil], [a, b]
  a, b = sa_iter { break *[] }; assert_equal [nil, nil], [a, b]
  a, b = sa_iter { next *[] }; assert_equal [nil, nil], [a, b]
  a, b = sa_return10; assert_equal [1, nil], [a, b]
  a, b = sa_iter { break *[1] }; assert_equal [1, nil], [a, b]
  a, b = sa_iter { next *[1] }; assert_equal [1, nil], [a, b]
  a, b = sa_return11; assert_equal [nil, nil], [a, b]
  a, b = sa_iter { break *[nil] }; assert_equal [nil, nil], [a, b]
  a, b = sa_iter { next *[nil] }; assert_equal [nil, nil], [a, b]
  a, b = sa_return12; assert_equal [nil, nil], [a, b]
  a, b = sa_iter { break *[[]] }; assert_equal [nil, nil], [a, b]
  a, b = sa_iter { next *[[]] }; assert_equal [nil, nil], [a, b]
  a, b = sa_return13; assert_equal [1, 2], [a, b]
  a, b = sa_iter { break *[1,2] }; assert_equal [1, 2], [a, b]
  a, b = sa_iter { next *[1,2] }; assert_equal [1, 2], [a, b]
  a, b = sa_return14; assert_equal [1, 2], [a, b]
  a, b = sa_iter { break 1, 2 }; assert_equal [1, 2], [a, b]
  a, b = sa_iter { next 1, 2 }; assert_equal [1, 2], [a, b]
  a, b = sa_return15; assert_equal [1, nil], [a, b]
  a, b = sa_iter { break 1, *nil }; assert_equal [1, nil], [a, b]
  a, b = sa_iter { next 1, *nil }; assert_equal [1, nil], [a, b]
  a, b = sa_return16; assert_equal [1, nil], [a, b]
  a, b = sa_iter { break 1, *[] }; assert_equal [1, nil], [a, b]
  a, b = sa_iter { next 1, *[] }; assert_equal [1, nil], [a, b]
end

test "return, break and next values assigned to a, *b" do
  a = b = c = :unset
  a, *b = sa_return0; assert_equal [nil, []], [a, b]
  a, *b = sa_iter { break nil }; assert_equal [nil, []], [a, b]
  a, *b = sa_iter { next nil }; assert_equal [nil, []], [a, b]
  a, *b = sa_return1; assert_equal [1, []], [a, b]
  a, *b = sa_iter { break 1 }; assert_equal [1, []], [a, b]
  a, *b = sa_iter { next 1 }; assert_equal [1, []], [a, b]
  a, *b = sa_return2; assert_equal [nil, []], [a, b]
  a, *b = sa_iter { break [] }; assert_equal [nil, []], [a, b]
  a, *b = sa_iter { next [] }; assert_equal [nil, []], [a, b]
  a, *b = sa_return3; assert_equal [1, []], [a, b]
  a, *b = sa_iter { break [1] }; assert_equal [1, []], [a, b]
  a, *b = sa_iter { next [1] }; assert_equal [1, []], [a, b]
  a, *b = sa_return4; assert_equal [nil, []], [a, b]
  a, *b = sa_iter { break [nil] }; assert_equal [nil, []], [a, b]
  a, *b = sa_iter { next [nil] }; assert_equal [nil, []], [a, b]
  a, *b = sa_return5; assert_equal [[], []], [a, b]
  a, *b = sa_iter { break [[]] }; assert_equal [[], []], [a, b]
  a, *b = sa_iter { next [[]] }; assert_equal [[], []], [a, b]
  a, *b = sa_return6; assert_equal [1, [2]], [a, b]
  a, *b = sa_iter { break [1,2] }; assert_equal [1, [2]], [a, b]
  a, *b = sa_iter { next [1,2] }; assert_equal [1, [2]], [a, b]
  a, *b = sa_return7; assert_equal [nil, []], [a, b]
  a, *b = sa_iter { break *nil }; assert_equal [nil, []], [a, b]
  a, *b = sa_iter { next *nil }; assert_equal [nil, []], [a, b]
  a, *b = sa_return8; assert_equal [1, []], [a, b]
  a, *b = sa_iter { break *1 }; assert_equal [1, []], [a, b]
  a, *b = sa_iter { next *1 }; assert_equal [1, []], [a, b]
  a, *b = sa_return9; assert_equal [nil, []], [a, b]
  a, *b = sa_iter { break *[] }; assert_equal [nil, []], [a, b]
  a, *b = sa_iter { next *[] }; assert_equal [nil, []], [a, b]
  a, *b = sa_return10; assert_equal [1, []], [a, b]
  a, *b = sa_iter { break *[1] }; assert_equal [1, []], [a, b]
  a, *b = sa_iter { next *[1] }; assert_equal [1, []], [a, b]
  a, *b = sa_return11; assert_equal [nil, []], [a, b]
  a, *b = sa_iter { break *[nil] }; assert_equal [nil, []], [a, b]
  a, *b = sa_iter { next *[nil] }; assert_equal [nil, []], [a, b]
  a, *b = sa_return12; assert_equal [nil, []], [a, b]
  a, *b = sa_iter { break *[[]] }; assert_equal [nil, []], [a, b]
  a, *b = sa_iter { next *[[]] }; assert_equal [nil, []], [a, b]
  a, *b = sa_return13; assert_equal [1, [2]], [a, b]
  a, *b = sa_iter { break *[1,2] }; assert_equal [1, [2]], [a, b]
  a, *b = sa_iter { next *[1,2] }; assert_equal [1, [2]], [a, b]
  a, *b = sa_return14; assert_equal [1, [2]], [a, b]
  a, *b = sa_iter { break 1, 2 }; assert_equal [1, [2]], [a, b]
  a, *b = sa_iter { next 1, 2 }; assert_equal [1, [2]], [a, b]
  a, *b = sa_return15; assert_equal [1, [nil]], [a, b]
  a, *b = sa_iter { break 1, *nil }; assert_equal [1, [nil]], [a, b]
  a, *b = sa_iter { next 1, *nil }; assert_equal [1, [nil]], [a, b]
  a, *b = sa_return16; assert_equal [1, []], [a, b]
  a, *b = sa_iter { break 1, *[] }; assert_equal [1, []], [a, b]
  a, *b = sa_iter { next 1, *[] }; assert_equal [1, []], [a, b]
end

