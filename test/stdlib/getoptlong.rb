# getoptlong.rb: lib/getoptlong.rb (GetoptLong).
require 'assert'
require 'getoptlong'
require 'stringio'

OPTS = [
  ['--verbose', '-v', GetoptLong::NO_ARGUMENT],
  ['--name', '-n', GetoptLong::REQUIRED_ARGUMENT],
  ['--level', '-l', GetoptLong::OPTIONAL_ARGUMENT],
  ['--quiet', '-q', '--silent', GetoptLong::NO_ARGUMENT],
  ['-a', GetoptLong::NO_ARGUMENT],
]

# [options got, ARGV after] for argv.
def run(argv, ordering = nil, opts = OPTS)
  ARGV.replace argv
  g = GetoptLong.new(*opts)
  g.ordering = ordering if ordering
  got = []
  g.each { |name, arg| got << [name, arg] }
  [got, ARGV.dup]
end

# [exception class, message, what went to $stderr]
def failure(argv, quiet = false, opts = OPTS)
  ARGV.replace argv
  g = GetoptLong.new(*opts)
  g.quiet = quiet
  err = StringIO.new
  old = $stderr
  $stderr = err
  begin
    g.each { }
  rescue GetoptLong::Error => e
    return [e.class, e.message, err.string, g]
  ensure
    $stderr = old
  end
  [nil, nil, err.string, g]
end

SAVED_ARGV = ARGV.dup
at_exit { ARGV.replace SAVED_ARGV }

test "constants" do
  assert_equal [0, 1, 2], [GetoptLong::REQUIRE_ORDER, GetoptLong::PERMUTE, GetoptLong::RETURN_IN_ORDER]
  assert_equal [0, 1, 2], [GetoptLong::NO_ARGUMENT, GetoptLong::REQUIRED_ARGUMENT, GetoptLong::OPTIONAL_ARGUMENT]
  assert_equal GetoptLong::ORDERINGS, [0, 1, 2]
  assert_equal GetoptLong::ARGUMENT_FLAGS, [0, 1, 2]
  [GetoptLong::AmbigousOption, GetoptLong::NeedlessArgument, GetoptLong::MissingArgument,
   GetoptLong::InvalidOption].each { |k| assert_equal GetoptLong::Error, k.superclass }
  assert_equal StandardError, GetoptLong::Error.superclass
  assert_same GetoptLong::AmbigousOption, GetoptLong::AmbiguousOption
end

test "long, short, aliases, arguments" do
  got, rest = run(%w[--verbose -v --name=x --name y -n z -nw --level --level=3 -l -l4 --quiet --silent -q -a])
  assert_equal [['--verbose', ''], ['--verbose', ''], ['--name', 'x'], ['--name', 'y'], ['--name', 'z'],
                ['--name', 'w'], ['--level', ''], ['--level', '3'], ['--level', ''], ['--level', '4'],
                ['--quiet', ''], ['--quiet', ''], ['--quiet', ''], ['-a', '']], got
  assert_equal [], rest
  # an optional argument is the next one if it is not an option
  got, rest = run(%w[--level 5 -l 6 -l -v --level])
  assert_equal [['--level', '5'], ['--level', '6'], ['--level', ''], ['--verbose', ''], ['--level', '']], got
  # a required one is the next one whatever it is
  got, = run(%w[--name -v -n --verbose])
  assert_equal [['--name', '-v'], ['--name', '--verbose']], got
  got, = run(["--name="])
  assert_equal [['--name', '']], got
  # clusters
  got, = run(%w[-vaq -vnfoo -avl7])
  assert_equal [['--verbose', ''], ['-a', ''], ['--quiet', ''], ['--verbose', ''], ['--name', 'foo'],
                ['-a', ''], ['--verbose', ''], ['--level', '7']], got
  # abbreviations
  got, = run(%w[--verb --na=n --lev --qu --si])
  assert_equal [['--verbose', ''], ['--name', 'n'], ['--level', ''], ['--quiet', ''], ['--quiet', '']], got
end

test "orderings" do
  argv = %w[a -v b --name x c -- -q d]
  got, rest = run(argv)
  assert_equal [['--verbose', ''], ['--name', 'x']], got
  assert_equal %w[a b c -q d], rest
  got, rest = run(argv, GetoptLong::PERMUTE)
  assert_equal %w[a b c -q d], rest
  got, rest = run(argv, GetoptLong::REQUIRE_ORDER)
  assert_equal [], got
  assert_equal argv, rest
  got, rest = run(%w[-v a -q], GetoptLong::REQUIRE_ORDER)
  assert_equal [['--verbose', '']], got
  assert_equal %w[a -q], rest
  got, rest = run(argv, GetoptLong::RETURN_IN_ORDER)
  assert_equal [['', 'a'], ['--verbose', ''], ['', 'b'], ['--name', 'x'], ['', 'c']], got
  assert_equal %w[-q d], rest
  got, rest = run(%w[- -v])                         # a lone dash is no option
  assert_equal [['--verbose', '']], got
  assert_equal %w[-], rest
  old = ENV['POSIXLY_CORRECT']
  ENV['POSIXLY_CORRECT'] = '1'
  begin
    ARGV.replace %w[a -v]
    g = GetoptLong.new(*OPTS)
    assert_equal GetoptLong::REQUIRE_ORDER, g.ordering
    g.ordering = GetoptLong::PERMUTE
    assert_equal GetoptLong::REQUIRE_ORDER, g.ordering
    assert_nil g.get
    assert_equal %w[a -v], ARGV
  ensure
    ENV['POSIXLY_CORRECT'] = old
  end
  assert_equal GetoptLong::PERMUTE, GetoptLong.new.ordering
  e = assert_raise(ArgumentError) { GetoptLong.new.ordering = 7 }
  assert_equal "invalid ordering `7'", e.message
end

test "get, terminate, terminated?" do
  ARGV.replace %w[-v x --name n y]
  g = GetoptLong.new(*OPTS)
  assert_false g.terminated?
  assert_equal ['--verbose', ''], g.get
  assert_equal ['--name', 'n'], g.get_option
  assert_nil g.get
  assert_true g.terminated?
  assert_equal %w[x y], ARGV
  assert_nil g.get
  assert_nil g.terminate
  ARGV.replace %w[a -v b -q c]
  g = GetoptLong.new(*OPTS)
  assert_equal ['--verbose', ''], g.get
  assert_same g, g.terminate                  # early: what was set aside goes back
  assert_equal %w[a b -q c], ARGV
  assert_nil g.get
  # options can't change once processing started
  ARGV.replace %w[-v]
  g = GetoptLong.new(*OPTS)
  g.get
  e = assert_raise(RuntimeError) { g.set_options(['-x', GetoptLong::NO_ARGUMENT]) }
  assert_equal "invoke set_options, but option processing has already started", e.message
  g.quiet = true
  e = assert_raise(ArgumentError) { g.ordering = GetoptLong::PERMUTE }
  assert_equal "argument error", e.message
  # each_option is each
  ARGV.replace %w[-a]
  seen = []
  GetoptLong.new(*OPTS).each_option { |n, a| seen << n }
  assert_equal ['-a'], seen
  g = GetoptLong.new
  assert_same g, g.set_options(['--x', GetoptLong::NO_ARGUMENT])
end

test "errors: messages, $stderr, quiet" do
  prog = $0
  k, m, err, g = failure(%w[--bogus])
  assert_equal [GetoptLong::InvalidOption, "unrecognized option `--bogus'"], [k, m]
  assert_equal "#{prog}: unrecognized option `--bogus'\n", err
  assert_equal GetoptLong::InvalidOption, g.error
  assert_equal GetoptLong::InvalidOption, g.error?
  assert_equal "unrecognized option `--bogus'", g.error_message
  assert_nil g.get                                  # nothing after an error
  e = assert_raise(RuntimeError) { g.terminate }
  assert_equal "an error has occured", e.message
  k, m, err = failure(%w[--bogus=1], true)
  assert_equal [GetoptLong::InvalidOption, "unrecognized option `--bogus=1'", ""], [k, m, err]
  k, m, err = failure(%w[-x])
  assert_equal [GetoptLong::InvalidOption, "invalid option -- x", "#{prog}: invalid option -- x\n"], [k, m, err]
  k, m = failure(%w[-vx])
  assert_equal [GetoptLong::InvalidOption, "invalid option -- x"], [k, m]
  old = ENV['POSIXLY_CORRECT']
  ENV['POSIXLY_CORRECT'] = '1'
  begin
    k, m = failure(%w[-x])
    assert_equal [GetoptLong::InvalidOption, "illegal option -- x"], [k, m]
  ensure
    ENV['POSIXLY_CORRECT'] = old
  end
  k, m = failure(%w[--name])
  assert_equal [GetoptLong::MissingArgument, "option `--name' requires an argument"], [k, m]
  k, m = failure(%w[--na])
  assert_equal [GetoptLong::MissingArgument, "option `--na' requires an argument"], [k, m]
  k, m = failure(%w[-n])
  assert_equal [GetoptLong::MissingArgument, "option requires an argument -- n"], [k, m]
  k, m = failure(%w[-vn])
  assert_equal [GetoptLong::MissingArgument, "option requires an argument -- n"], [k, m]
  k, m = failure(%w[--verbose=yes])
  assert_equal [GetoptLong::NeedlessArgument, "option `--verbose' doesn't allow an argument"], [k, m]
  k, m = failure(%w[--verb=yes])
  assert_equal [GetoptLong::NeedlessArgument, "option `--verbose' doesn't allow an argument"], [k, m]
  opts = [['--foobar', GetoptLong::NO_ARGUMENT], ['--foobaz', GetoptLong::NO_ARGUMENT]]
  k, m, err = failure(%w[--foo], false, opts)
  assert_equal [GetoptLong::AmbigousOption, "option `--foo' is ambiguous between --foobar, --foobaz"], [k, m]
  assert_equal "#{prog}: option `--foo' is ambiguous between --foobar, --foobaz\n", err
  k, m = failure(%w[--foob=1], true, opts)
  assert_equal [GetoptLong::AmbigousOption, "option `--foob=1' is ambiguous between --foobar, --foobaz"], [k, m]
  assert_equal [nil, nil], failure(%w[--foobar], false, opts)[0, 2]
  assert_false GetoptLong.new.quiet?
end

test "bad option lists" do
  e = assert_raise(ArgumentError) { GetoptLong.new(['--x']) }
  assert_equal "no argument-flag", e.message
  e = assert_raise(ArgumentError) { GetoptLong.new(['--x', GetoptLong::NO_ARGUMENT, GetoptLong::REQUIRED_ARGUMENT]) }
  assert_equal "too many argument-flags", e.message
  e = assert_raise(ArgumentError) { GetoptLong.new(['x', GetoptLong::NO_ARGUMENT]) }
  assert_equal "an invalid option `x'", e.message
  e = assert_raise(ArgumentError) { GetoptLong.new(['--', GetoptLong::NO_ARGUMENT]) }
  assert_equal "an invalid option `--'", e.message
  e = assert_raise(ArgumentError) { GetoptLong.new(['-ab', GetoptLong::NO_ARGUMENT]) }
  assert_equal "an invalid option `-ab'", e.message
  e = assert_raise(ArgumentError) { GetoptLong.new([:sym, GetoptLong::NO_ARGUMENT]) }
  assert_equal "an invalid option `sym'", e.message
  e = assert_raise(ArgumentError) { GetoptLong.new(['-a', GetoptLong::NO_ARGUMENT], ['-a', GetoptLong::NO_ARGUMENT]) }
  assert_equal "option redefined `-a'", e.message
  e = assert_raise(ArgumentError) { GetoptLong.new([GetoptLong::NO_ARGUMENT]) }
  assert_equal "no option name", e.message
  e = assert_raise(ArgumentError) { GetoptLong.new('--x') }
  assert_equal "the option list contains non-Array argument", e.message
end
