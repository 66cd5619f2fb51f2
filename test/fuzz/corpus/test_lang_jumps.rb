# jumps.rb: break/next/redo/retry/return with and without values, from
# methods, blocks, procs and lambdas (Ruby 1.8.7 rules), through ensure,
# and the LocalJumpErrors of jumps that have nowhere to go.
require 'assert'

def ret_multi; return 1, 2; end
def ret_splat; a = [3, 4]; return *a; end
def ret_one_splat; return *[5]; end
def ret_none; return; end
def ret_early(x)
  return :neg if x < 0
  :pos
end
def ret_from_block
  [1, 2, 3].each { |x| return x * 10 if x == 2 }
  :not_reached
end
def ret_from_nested_blocks
  [1].each { [2].each { return :deep } }
  :no
end
def ret_array; return [1, 2]; end
def ret_hash; return :a => 1; end

test "return values" do
  assert_equal [1, 2], ret_multi
  assert_equal [3, 4], ret_splat
  assert_equal 5, ret_one_splat
  assert_nil ret_none
  assert_equal :neg, ret_early(-1)
  assert_equal :pos, ret_early(1)
  assert_equal 20, ret_from_block
  assert_equal :deep, ret_from_nested_blocks
  assert_equal [1, 2], ret_array
  assert_equal({ :a => 1 }, ret_hash)
end

def yielder; r = yield; [:after, r]; end
def yield_twice; a = yield 1; b = yield 2; [a, b]; end

test "next and break in blocks" do
  assert_equal [:after, 5], yielder { next 5; 6 }
  assert_equal [:after, nil], yielder { next }
  assert_equal [:after, [1, 2]], yielder { next 1, 2 }
  assert_equal 7, yielder { break 7 }
  assert_nil yielder { break }
  assert_equal [2, 4], yield_twice { |x| next x * 2 }
  assert_equal :b, yield_twice { |x| break :b if x == 2; x }
  r = [1, 2, 3].each do |x|
    [10, 20].each { |y| break if y == 20 }
    break x if x == 2
  end
  assert_equal 2, r
end

def ensure_order(log)
  begin
    return :from_body
  ensure
    log << :ensure
  end
end

def ensure_override
  begin
    return :body
  ensure
    return :ensure
  end
end

def break_through_ensure(log)
  [1, 2].each do |x|
    begin
      break :broke
    ensure
      log << x
    end
  end
end

test "jumps run ensure clauses" do
  log = []
  assert_equal :from_body, ensure_order(log)
  assert_equal [:ensure], log
  assert_equal :ensure, ensure_override
  log = []
  assert_equal :broke, break_through_ensure(log)
  assert_equal [1], log
  log = []
  i = 0
  while i < 3
    i += 1
    begin
      next if i == 2
      log << i
    ensure
      log << :e
    end
  end
  assert_equal [1, :e, :e, 3, :e], log
end

def retry_counter
  tries = 0
  begin
    tries += 1
    raise "fail" if tries < 3
    tries
  rescue
    retry
  end
end

test "retry in rescue" do
  assert_equal 3, retry_counter
  attempts = []
  r = begin
        attempts << :try
        raise ArgumentError if attempts.size < 2
        :done
      rescue ArgumentError
        retry
      end
  assert_equal :done, r
  assert_equal [:try, :try], attempts
end

def make_proc_returning; Proc.new { return :from_proc }; end
def proc_return_inside; pr = Proc.new { return :inner }; pr.call; :outer; end
def lambda_return_inside; l = lambda { return :inner }; [l.call, :outer]; end
def proc_kernel_return; pr = proc { return :p }; [pr.call, :after]; end

test "return from procs and lambdas" do
  assert_equal :outer, proc_return_inside == :inner ? :outer : :bad
  assert_equal :inner, proc_return_inside
  assert_equal [:inner, :outer], lambda_return_inside
  # 1.8: Kernel#proc makes a lambda, so return only leaves the proc
  assert_equal [:p, :after], proc_kernel_return
  e = assert_raise(LocalJumpError) { make_proc_returning.call }
  assert_equal :return, e.reason if e
  assert_equal :from_proc, e.exit_value if e
end

test "break from procs and lambdas" do
  assert_equal 5, lambda { break 5 }.call
  assert_equal 6, proc { break 6 }.call
  e = assert_raise(LocalJumpError) { Proc.new { break 7 }.call }
  assert_equal "break from proc-closure", e.message if e
  assert_equal :break, e.reason if e
  assert_equal 8, lambda { next 8 }.call
  assert_equal 9, Proc.new { next 9 }.call
end

def yield_without_block; yield; end

test "jumps with nowhere to go" do
  assert_raise(LocalJumpError) { yield_without_block }
  e = assert_raise(LocalJumpError) { yield_without_block }
  assert_equal "no block given", e.message if e
end

test "break value from while inside block" do
  r = [1].map do
    x = 0
    while true
      x += 1
      break x * 2 if x == 3
    end
  end
  assert_equal [6], r
end

test "next in a method body is a syntax error only outside loops" do
  i = 0
  got = []
  loop do
    i += 1
    break if i > 3
    next if i == 2
    got << i
  end
  assert_equal [1, 3], got
end

test "break out of nested iterator returns from the inner call" do
  r = [1, 2].map { |x| [10, 20].each { |y| break y + x } }
  assert_equal [11, 12], r
end

test "throw-like exit with ensure ordering" do
  log = []
  begin
    begin
      raise "boom"
    ensure
      log << :inner
    end
  rescue => e
    log << e.message
  ensure
    log << :outer
  end
  assert_equal [:inner, "boom", :outer], log
end
