# arith_flat_random.rb: seeded random arithmetic trees, run flat
# (ev_arith.c) and as explicit sends (which are calls, never flattened),
# over Fixnums, Bignums, Floats (zero, negative zero, huge, tiny, NaN's
# makers) and a String: each gives the same value, bit for bit, or the
# same exception.  Every tree runs over many tuples, so that its program
# is specialised again as the types of its variables change, and may be
# given back to the tree.
require 'assert'

SEED = (ENV["ARITH_SEED"] || 20261202).to_i
srand(SEED)

VALUES = [0, 1, -1, 2, 3, -7, 12, 1000, 2**31, 2**53, 2**53 + 1, 2**61, 2**62 - 1, -(2**62),
          2**62, 2**64 + 3, 0.0, -0.0, 0.5, -2.5, 3.0, 1e300, -1e300, 1e-300, 2.0**60, 7.25]
OPS = %w[+ - * / %]
CMPS = %w[< <= > >= ==]
LITERALS = %w[1 2 0 -3 1.5 2.0 0.0 1000000 4611686018427387903]

def tree(depth)
  if depth == 0 || rand(3) == 0
    rand(4) == 0 ? LITERALS[rand(LITERALS.size)] : %w[a b c][rand(3)]
  else
    [tree(depth - 1), OPS[rand(OPS.size)], tree(depth - 1)]
  end
end

def flat_src(t)
  t.is_a?(Array) ? "(#{flat_src(t[0])} #{t[1]} #{flat_src(t[2])})" : t
end

def send_src(t)
  t.is_a?(Array) ? "(#{send_src(t[0])}).send(:#{t[1]}, #{send_src(t[2])})" : "(#{t})"
end

def outcome
  r = yield
  r.is_a?(Float) ? [:float, [r].pack("G")] : [r.class, r]
rescue Exception => e   # "s" * 2**62: NoMemoryError
  [e.class, e.message.gsub(/0x[0-9a-f]+/, "0x")]   # an object's address differs
end

def check(src_flat, src_send, tuples)
  flat = eval("lambda { |a, b, c| #{src_flat} }")
  ref = eval("lambda { |a, b, c| #{src_send} }")
  bad = nil
  tuples.each do |a, b, c|
    x = outcome { flat.call(a, b, c) }
    y = outcome { ref.call(a, b, c) }
    bad ||= "#{src_flat} with #{[a, b, c].inspect}: #{x.inspect}, sends give #{y.inspect}" if x != y
  end
  bad
end

# each tree over runs of one type first (Floats, then Fixnums), then mixed
def tuples_for
  floats = VALUES.select { |v| v.is_a?(Float) }
  fixes = VALUES.select { |v| v.is_a?(Fixnum) }
  pick = lambda { |pool| [pool[rand(pool.size)], pool[rand(pool.size)], pool[rand(pool.size)]] }
  t = []
  70.times { t << pick.call(floats) }
  70.times { t << pick.call(fixes) }
  60.times { t << pick.call(VALUES) }
  t << ["s", 1, 2.0] << [nil, 1, 2]
  t
end

test "random trees give what their sends give (seed #{SEED})" do
  failures = []
  150.times do
    t = tree(4)
    t = [t, CMPS[rand(CMPS.size)], tree(2)] if rand(4) == 0
    next unless t.is_a?(Array)
    bad = check(flat_src(t), send_src(t), tuples_for)
    failures << bad if bad
  end
  assert_equal [], failures.first(3)
end

test "random x op= trees give what their sends give (seed #{SEED})" do
  failures = []
  100.times do
    t = tree(3)
    op = OPS[rand(OPS.size)]
    flat = "x = a; x #{op}= #{flat_src(t)}; x"
    sent = "x = a; x = x.send(:#{op}, #{send_src(t)}); x"
    bad = check(flat, sent, tuples_for)
    failures << bad if bad
  end
  assert_equal [], failures.first(3)
end
