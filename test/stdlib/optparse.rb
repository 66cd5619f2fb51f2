# optparse.rb: lib/optparse.rb (OptionParser, OptionParser::Arguable).
require 'assert'
require 'optparse'
require 'stringio'

TMP = File.join(ENV['TMPDIR'] || '/tmp', "mr-optparse-#{$$}")
Dir.mkdir TMP
at_exit { system("rm", "-rf", TMP) }

# [stdout, exit status or nil] of the block.
def capture
  out = StringIO.new
  old = $stdout
  $stdout = out
  status = nil
  begin
    yield
  rescue SystemExit => e
    status = e.status
  ensure
    $stdout = old
  end
  [out.string, status]
end

def capture_err
  err = StringIO.new
  old = $stderr
  $stderr = err
  status = nil
  begin
    yield
  rescue SystemExit => e
    status = e.status
  ensure
    $stderr = old
  end
  [err.string, status]
end

# The ParseError the block raises: [class, message].
def perr
  yield
  [nil, nil]
rescue OptionParser::ParseError => e
  [e.class, e.message]
end

def sample
  seen = []
  o = OptionParser.new do |opts|
    opts.banner = "Usage: example.rb [options]"
    opts.on("-v", "--[no-]verbose", "Run verbosely") { |v| seen << [:verbose, v] }
    opts.on("-r", "--require LIBRARY", "Require the LIBRARY before executing your script") { |v| seen << [:require, v] }
    opts.on("-n", "--num=N", Integer, "A number") { |v| seen << [:num, v] }
    opts.on("-o", "--optional[=VAL]", "Optional value") { |v| seen << [:optional, v] }
    opts.on("-a", "All") { |v| seen << [:a, v] }
    opts.on("-b") { |v| seen << [:b, v] }
    opts.on("--dry-run", "Do nothing") { |v| seen << [:dry, v] }
  end
  [o, seen]
end

test "help layout" do
  o, = sample
  o.separator ""
  o.separator "Specific options:"
  o.on("--type TYPE", [:text, :binary], "Select transfer type (text, binary)") { }
  o.on("--very-long-option-name-indeed=VALUE", "A long one", "on two lines") { }
  o.on("-x", "--extremely-long-option-name=VAL", "Long with a short") { }
  o.on("-q") { }
  o.on_tail("-h", "--help", "Show this message") { }
  o.on_head("-H", "--head", "Comes first") { }
  expected = <<EOS
Usage: example.rb [options]
    -H, --head                       Comes first
    -v, --[no-]verbose               Run verbosely
    -r, --require LIBRARY            Require the LIBRARY before executing your script
    -n, --num=N                      A number
    -o, --optional[=VAL]             Optional value
    -a                               All
    -b
        --dry-run                    Do nothing

Specific options:
        --type TYPE                  Select transfer type (text, binary)
        --very-long-option-name-indeed=VALUE
                                     A long one
                                     on two lines
    -x=VAL                           Long with a short
        --extremely-long-option-name
    -q
    -h, --help                       Show this message
EOS
  assert_equal expected, o.help
  assert_equal expected, o.to_s
  assert_equal ["Usage: example.rb [options]"] + expected.to_a[1..-1], o.to_a
  lines = []
  o.summarize { |l| lines << l }
  assert_equal expected.to_a[1..-1].map { |l| l.chomp }, lines
  assert_equal expected.to_a[1..-1], o.summarize
  assert_equal ["x\n", "    -H, --head                       Comes first\n"], o.summarize(["x\n"])[0, 2]
end

test "banner, program_name, widths" do
  o = OptionParser.new
  assert_equal "Usage: #{File.basename($0, '.*')} [options]", o.banner
  o.program_name = "prog"
  assert_equal "prog", o.program_name
  assert_equal "Usage: #{File.basename($0, '.*')} [options]", o.banner   # made once
  o2 = OptionParser.new
  o2.program_name = "tool"
  assert_equal "Usage: tool [options]", o2.banner
  assert_equal "Usage: tool [options]\n", o2.help
  o3 = OptionParser.new("Usage: x [flags]", 10, "  ")
  assert_equal 10, o3.summary_width
  assert_equal "  ", o3.summary_indent
  o3.on("-a", "--all", "Everything") { }
  o3.on("-l", "--longer-than-ten", "Long") { }
  assert_equal "Usage: x [flags]\n  -a, --all  Everything\n  -l\n      --longer-than-ten\n             Long\n", o3.help
  o4 = OptionParser.new("Top line\n")
  o4.summary_width = 8
  o4.summary_indent = ""
  o4.on("-z", "Zed") { }
  assert_equal "Top line\n-z       Zed\n", o4.help
  o5 = OptionParser.new { |x| x.banner = "B"; x.on("-c", "C") { } }
  assert_equal "B\n    -c                               C\n", o5.help
  assert_equal 32, OptionParser.new.summary_width
  assert_equal "    ", OptionParser.new.summary_indent
end

test "switches and values" do
  o, seen = sample
  rest = o.parse(%w[-v --no-verbose -rfoo --require bar --require=baz -n 12 --num=0x1f -n-3 -o -oX --optional --optional=Y -ab --dry-run])
  assert_equal [], rest
  assert_equal [[:verbose, true], [:verbose, false], [:require, "foo"], [:require, "bar"], [:require, "baz"],
                [:num, 12], [:num, 31], [:num, -3], [:optional, nil], [:optional, "X"], [:optional, nil],
                [:optional, "Y"], [:a, true], [:b, true], [:dry, true]], seen
  # a required argument is the next one, whatever it looks like
  seen.clear
  o.parse(%w[-r -v])
  assert_equal [[:require, "-v"]], seen
  # an optional long argument is never the next one
  seen.clear
  assert_equal ["X"], o.parse(%w[--optional X])
  assert_equal [[:optional, nil]], seen
  # -abr LIB: a cluster ending in one with an argument
  seen.clear
  o.parse(%w[-abrlib])
  assert_equal [[:a, true], [:b, true], [:require, "lib"]], seen
  seen.clear
  o.parse(%w[-abr lib])
  assert_equal [[:a, true], [:b, true], [:require, "lib"]], seen
  seen.clear
  o.parse(%w[-vn5])
  assert_equal [[:verbose, true], [:num, 5]], seen
  seen.clear
  o.parse(["-r", ""])
  assert_equal [[:require, ""]], seen
end

test "abbreviations" do
  o, seen = sample
  o.parse(%w[--verb --no-verb --req x --dry --d-r --nu=4])
  assert_equal [[:verbose, true], [:verbose, false], [:require, "x"], [:dry, true], [:dry, true], [:num, 4]], seen
  seen.clear
  o.parse(%w[--VERBOSE --Dry-Run])          # long names: case does not matter
  assert_equal [[:verbose, true], [:dry, true]], seen
  # a single dash and a letter with no short option: the long one
  o2 = OptionParser.new
  got = []
  o2.on("--xylophone") { |v| got << v }
  o2.on("--foo", "--foobar") { |v| got << :foo }
  o2.on("--foobaz") { |v| got << :foobaz }
  o2.parse(%w[-x --xy])
  assert_equal [true, true], got
  got.clear
  o2.parse(%w[--foo --fo --foobar --foobaz --foobaz=])  rescue got << $!.message
  assert_equal [:foo, :foo, :foo, :foobaz, "needless argument: --foobaz="], got
  assert_equal [OptionParser::AmbiguousOption, "ambiguous option: --fooba"], perr { o2.parse(%w[--fooba]) }
  assert_equal [OptionParser::AmbiguousOption, "ambiguous option: --foob"], perr { o2.parse(%w[--foob]) }
  # a name that is a prefix of the others wins
  o3 = OptionParser.new
  hit = []
  o3.on("--ab") { hit << :ab }
  o3.on("--abc") { hit << :abc }
  o3.on("--abcd") { hit << :abcd }
  o3.parse(%w[--a --abc --abcd])
  assert_equal [:ab, :abc, :abcd], hit
end

test "parse errors and their messages" do
  o, = sample
  assert_equal [OptionParser::InvalidOption, "invalid option: --foo"], perr { o.parse(%w[--foo]) }
  assert_equal [OptionParser::InvalidOption, "invalid option: --foo=1"], perr { o.parse(%w[--foo=1]) }
  assert_equal [OptionParser::InvalidOption, "invalid option: -x"], perr { o.parse(%w[-x]) }
  assert_equal [OptionParser::InvalidOption, "invalid option: -z"], perr { o.parse(%w[-az]) }
  assert_equal [OptionParser::InvalidOption, "invalid option: --no-dry-run"], perr { o.parse(%w[--no-dry-run]) }
  assert_equal [OptionParser::MissingArgument, "missing argument: -r"], perr { o.parse(%w[-r]) }
  assert_equal [OptionParser::MissingArgument, "missing argument: --require"], perr { o.parse(%w[--require]) }
  assert_equal [OptionParser::MissingArgument, "missing argument: -r"], perr { o.parse(%w[-abr]) }
  assert_equal [OptionParser::InvalidArgument, "invalid argument: -n abc"], perr { o.parse(%w[-n abc]) }
  assert_equal [OptionParser::InvalidArgument, "invalid argument: -nabc"], perr { o.parse(%w[-nabc]) }
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --num abc"], perr { o.parse(%w[--num abc]) }
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --num=12abc"], perr { o.parse(%w[--num=12abc]) }
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --num="], perr { o.parse(%w[--num=]) }
  assert_equal [OptionParser::NeedlessArgument, "needless argument: --verbose=x"], perr { o.parse(%w[--verbose=x]) }
  assert_equal [OptionParser::NeedlessArgument, "needless argument: --dry-run=yes"], perr { o.parse(%w[--dry-run=yes]) }
  assert_equal [OptionParser::NeedlessArgument, "needless argument: -a=x"], perr { o.parse(%w[-a=x]) }
  o.on("--verify") { }
  assert_equal [OptionParser::AmbiguousOption, "ambiguous option: --ver"], perr { o.parse(%w[--ver]) }
  e = assert_raise(OptionParser::InvalidOption) { o.parse(%w[--foo bar]) }
  assert_equal ["--foo"], e.args
  assert_equal "invalid option", e.reason
  assert_equal "#<OptionParser::InvalidOption: --foo>", e.inspect
  assert_equal "invalid option: --foo", e.to_s
  assert_equal ["--foo", "x"], e.recover(["x"])
  e.reason = "bad"
  assert_equal "bad: --foo", e.message
  e = assert_raise(OptionParser::InvalidArgument) { o.parse(%w[-n abc]) }
  assert_equal ["-n", "abc"], e.args
  # the hierarchy
  assert_true OptionParser::ParseError < RuntimeError
  [OptionParser::AmbiguousOption, OptionParser::NeedlessArgument, OptionParser::MissingArgument,
   OptionParser::InvalidOption, OptionParser::InvalidArgument].each do |k|
    assert_equal OptionParser::ParseError, k.superclass
  end
  assert_equal OptionParser::InvalidArgument, OptionParser::AmbiguousArgument.superclass
  assert_equal "parse error: a b", OptionParser::ParseError.new("a", "b").message
  assert_equal "missing argument: ", OptionParser::MissingArgument.new.message
end

test "argument types" do
  got = nil
  o = OptionParser.new
  o.on("--int N", Integer) { |v| got = v }
  o.on("--float F", Float) { |v| got = v }
  o.on("--numeric N", Numeric) { |v| got = v }
  o.on("--dec N", OptionParser::DecimalInteger) { |v| got = v }
  o.on("--oct N", OptionParser::OctalInteger) { |v| got = v }
  o.on("--decnum N", OptionParser::DecimalNumeric) { |v| got = v }
  o.on("--string S", String) { |v| got = v }
  o.on("--array A", Array) { |v| got = v }
  o.on("--regexp R", Regexp) { |v| got = v }
  o.on("--bool B", TrueClass) { |v| got = v }
  o.on("--fbool B", FalseClass) { |v| got = v }
  o.on("--[no-]flag [FLAG]", TrueClass) { |v| got = v }
  o.on("--object O", Object) { |v| got = v }
  o.on("--name NAME", /\A[a-z]+\z/) { |v| got = v }
  o.on("--pair PAIR", /\A(\w+)=(\w+)\z/) { |v| got = v }
  {
    %w[--int 42] => 42, %w[--int -7] => -7, %w[--int +7] => 7, %w[--int 0x1F] => 31,
    %w[--int 010] => 8, %w[--int 0b101] => 5, %w[--int 1_000] => 1000, %w[--int 0] => 0,
    %w[--float 1.5] => 1.5, %w[--float -2] => -2.0, %w[--float 1e3] => 1000.0, %w[--float .5] => 0.5,
    %w[--numeric 3] => 3, %w[--numeric 2.5] => 2.5, %w[--numeric 010] => 8,
    %w[--dec 010] => 10, %w[--dec -12] => -12,
    %w[--oct 10] => 8, %w[--oct 0x10] => 16, %w[--oct 777] => 511,
    %w[--decnum 12] => 12, %w[--decnum 1.25] => 1.25,
    %w[--string hello] => "hello",
    %w[--array a,b,c] => ["a", "b", "c"], %w[--array a,,c] => ["a", nil, "c"], %w[--array x] => ["x"],
    %w[--regexp ab+c] => /ab+c/, %w[--regexp /x.y/i] => /x.y/i, %w[--regexp /a/mx] => /a/mx,
    %w[--bool yes] => true, %w[--bool no] => false, %w[--bool true] => true, %w[--bool false] => false,
    %w[--bool +] => true, %w[--bool -] => false, %w[--bool y] => true, %w[--bool nil] => false,
    %w[--fbool yes] => true, %w[--fbool no] => false,
    %w[--flag] => nil, %w[--no-flag] => false, %w[--flag=no] => false, %w[--flag yes] => true,
    %w[--object anything] => "anything",
    %w[--name abc] => "abc",
    %w[--pair a=b] => "a=b",
  }.each do |argv, want|
    got = :unset
    o.parse(argv)
    assert_equal want, got, "#{argv.join(' ')}: expected #{want.inspect}, got #{got.inspect}"
  end
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --int 1.5"], perr { o.parse(%w[--int 1.5]) }
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --int x"], perr { o.parse(%w[--int x]) }
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --float abc"], perr { o.parse(%w[--float abc]) }
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --dec 0x10"], perr { o.parse(%w[--dec 0x10]) }
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --oct 9"], perr { o.parse(%w[--oct 9]) }
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --bool maybe"], perr { o.parse(%w[--bool maybe]) }
  assert_equal false, (o.parse(%w[--bool n]); got)           # no and nil: both false
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --name ABC"], perr { o.parse(%w[--name ABC]) }
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --string="], perr { o.parse(%w[--string=]) }
  e = assert_raise(ArgumentError) { o.on("--x X", Class) { } }
  assert_equal "unsupported argument type: Class", e.message
end

test "lists of allowed values" do
  got = nil
  o = OptionParser.new
  o.on("--type TYPE", [:text, :binary, :auto]) { |v| got = v }
  o.on("--code CODE", %w(iso-2022-jp shift_jis euc-jp utf8 binary)) { |v| got = v }
  o.on("--level LEVEL", {"low" => 1, "high" => 10, "highest" => 100}) { |v| got = v }
  o.parse(%w[--type binary]); assert_equal :binary, got
  o.parse(%w[--type t]); assert_equal :text, got
  o.parse(%w[--type=au]); assert_equal :auto, got
  o.parse(%w[--code utf8]); assert_equal "utf8", got
  o.parse(%w[--code s]); assert_equal "shift_jis", got
  o.parse(%w[--code iso]); assert_equal "iso-2022-jp", got
  o.parse(%w[--level low]); assert_equal 1, got
  o.parse(%w[--level high]); assert_equal 10, got          # exact beats longer names
  o.parse(%w[--level highe]); assert_equal 100, got
  o.parse(%w[--level l]); assert_equal 1, got
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --type xml"], perr { o.parse(%w[--type xml]) }
  o.parse(%w[--code b]); assert_equal "binary", got
  o.on("--color COLOR", %w(red green grey)) { |v| got = v }
  assert_equal [OptionParser::AmbiguousArgument, "ambiguous argument: --color gr"], perr { o.parse(%w[--color gr]) }
  assert_equal [OptionParser::AmbiguousArgument, "ambiguous argument: --color=gr"], perr { o.parse(%w[--color=gr]) }
  assert_equal [OptionParser::MissingArgument, "missing argument: --color"], perr { o.parse(%w[--color]) }
end

test "accept and reject" do
  Point = Struct.new(:x, :y) unless defined?(Point)
  o = OptionParser.new
  o.accept(Point, /\A(\d+),(\d+)\z/) { |all, x, y| Point.new(x.to_i, y.to_i) }
  got = nil
  o.on("--at POINT", Point) { |v| got = v }
  o.parse(%w[--at 3,4])
  assert_equal Point.new(3, 4), got
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --at 3"], perr { o.parse(%w[--at 3]) }
  # a conversion that raises InvalidArgument itself
  o.accept(Symbol) { |s, *| s =~ /\A\w+\z/ ? s.to_sym : raise(OptionParser::InvalidArgument, s) }
  o.on("--sym S", Symbol) { |v| got = v }
  o.parse(%w[--sym abc])
  assert_equal :abc, got
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --sym a-b"], perr { o.parse(%w[--sym a-b]) }
  o.reject(Symbol)
  assert_raise(ArgumentError, "unsupported argument type: Symbol") { o.on("--s2 S", Symbol) { } }
  # a class-wide acceptor
  klass = Class.new
  OptionParser.accept(klass, /\Ak+\z/) { |s, *| :from_class }
  o2 = OptionParser.new
  o2.on("--k K", klass) { |v| got = v }
  o2.parse(%w[--k kk])
  assert_equal :from_class, got
  OptionParser.reject(klass)
  assert_raise(ArgumentError) { OptionParser.new.on("--k K", klass) { } }
end

test "argument styles" do
  got = []
  o = OptionParser.new
  o.on("-p [VAL]", "--placed", Integer) { |v| got << v }
  o.on("-q", "--quux", OptionParser::REQUIRED_ARGUMENT) { |v| got << v }
  o.on("-s", :OPTIONAL) { |v| got << [:s, v] }
  o.on("--eq", "=MANDATORY") { |v| got << [:eq, v] }
  o.on("--eqo", "=[OPT]") { |v| got << [:eqo, v] }
  assert_equal ["rest"], o.parse(%w[-p 5 -p -q x -p rest])
  assert_equal [5, nil, "x", nil], got
  got.clear
  assert_equal [], o.parse(%w[-p7 --quux=y -s -sZ --eq a --eqo --eqo=b])
  assert_equal [7, "y", [:s, true], [:s, "Z"], [:eq, "a"], [:eqo, true], [:eqo, "b"]], got
  assert_equal [OptionParser::MissingArgument, "missing argument: --eq"], perr { o.parse(%w[--eq]) }
  e = assert_raise(ArgumentError) { o.on("--bad=X", "=[Y]") { } }
  assert_match(/incompatible argument styles/, e.message)
  assert_raise(ArgumentError, "no switch given") { o.on(/x/) }
  assert_equal "    -p, --placed [VAL]\n", o.summarize[0]
  assert_equal "    -q, --quux\n", o.summarize[1]
end

test "order, permute, parse and --" do
  o, seen = sample
  argv = %w[a -v b -n 1 c]
  assert_equal %w[a b c], o.parse(argv)
  assert_equal %w[a -v b -n 1 c], argv                  # parse works on a copy
  assert_equal %w[a b c], o.parse(*argv)
  assert_equal %w[a b c], o.permute(argv)
  assert_equal %w[a b c], o.permute!(argv)
  assert_equal %w[a b c], argv
  argv = %w[-v a -v b]
  seen.clear
  assert_equal %w[a -v b], o.order(argv)
  assert_equal 1, seen.size
  assert_equal %w[a -v b], o.order!(argv)
  assert_equal %w[a -v b], argv
  nonopts = []
  argv = %w[x -a y -b]
  assert_equal [], o.order!(argv) { |a| nonopts << a }
  assert_equal %w[x y], nonopts
  assert_equal %w[b -a], o.parse(%w[-v -- b -a])
  assert_equal %w[a b -v], o.parse(%w[a -- b -v])
  assert_equal %w[-], o.parse(%w[-])
  assert_equal %w[x -v], o.order(%w[-- x -v])
  argv = %w[-v z]
  assert_equal %w[z], o.parse!(argv)
  assert_equal %w[z], argv
  old = ENV['POSIXLY_CORRECT']
  ENV['POSIXLY_CORRECT'] = "1"
  begin
    assert_equal %w[a -v], o.parse(%w[a -v])
  ensure
    ENV['POSIXLY_CORRECT'] = old
  end
  assert_equal %w[a], o.parse(%w[a -v])
  # terminate from a block
  o.on("--stop") { o.terminate }
  assert_equal %w[-v x], o.parse(%w[--stop -v x])
  o.on("--stop-at") { OptionParser.terminate("here") }
  assert_equal %w[here -v], o.order(%w[--stop-at -v])
  # default_argv
  o.default_argv = %w[-a left]
  assert_equal %w[left], o.parse!
end

test "officious --help and --version" do
  o = OptionParser.new
  o.program_name = "prog"
  o.on("-x", "--xray", "X ray") { }
  help = "Usage: prog [options]\n    -x, --xray                       X ray\n"
  assert_equal [help, 0], capture { o.parse(%w[--help]) }
  assert_equal [help, 0], capture { o.parse(%w[-h]) }           # -h abbreviates --help
  assert_equal [help, 0], capture { o.parse(%w[--he]) }
  err, status = capture_err { o.parse(%w[--version]) }
  assert_equal ["prog: version unknown\n", 1], [err, status]
  o.version = "1.2"
  assert_equal ["prog 1.2\n", 0], capture { o.parse(%w[--version]) }
  o.release = "beta"
  assert_equal ["prog 1.2 (beta)\n", 0], capture { o.parse(%w[--vers]) }
  o.version = [1, 2, 3]
  assert_equal "prog 1.2.3 (beta)", o.ver
  assert_equal [1, 2, 3], o.version
  assert_equal "beta", o.release
  assert_nil OptionParser.new.ver
  # a parser's own --help wins
  mine = OptionParser.new
  hits = []
  mine.on("--help") { hits << :mine }
  mine.parse(%w[--help])
  assert_equal [:mine], hits
  # -v abbreviates --version unless something closer is defined
  o2 = OptionParser.new
  o2.program_name = "p2"
  o2.version = "9"
  assert_equal ["p2 9\n", 0], capture { o2.parse(%w[-v]) }
end

test "getopts" do
  o = OptionParser.new
  r = o.getopts(%w[-a -b 1 --foo --bar=x rest], "ab:c", "foo", "bar:", "baz:def", "qux:")
  assert_equal({"a" => true, "b" => "1", "c" => false, "foo" => true, "bar" => "x",
                "baz" => "def", "qux" => nil}, r)
  r = OptionParser.getopts(%w[-ab2], "ab:")
  assert_equal({"a" => true, "b" => "2"}, r)
  argv = %w[-x file -y]
  r = OptionParser.getopts(argv, "xy")
  assert_equal({"x" => true, "y" => false}, r)
  assert_equal %w[file -y], argv                        # stops at the first non-option
  assert_equal [OptionParser::MissingArgument, "missing argument: -b"], perr { OptionParser.getopts(%w[-b], "b:") }
  assert_equal [OptionParser::InvalidOption, "invalid option: -q"], perr { OptionParser.getopts(%w[-q], "b:") }
end

test "environment and load" do
  o, seen = sample
  ENV['MR_OPTPARSE_TEST'] = "-v --require 'a b'"
  o.environment('MR_OPTPARSE_TEST')
  assert_equal [[:verbose, true], [:require, "a b"]], seen
  ENV['MR_OPTPARSE_TEST'] = nil
  assert_nil o.environment('MR_OPTPARSE_TEST')
  ENV['MR_OPTPARSE_UP'] = "-a"
  seen.clear
  o.environment('mr_optparse_up')                      # the upcased name too
  assert_equal [[:a, true]], seen
  ENV['MR_OPTPARSE_UP'] = nil
  file = File.join(TMP, "opts")
  File.open(file, "w") { |f| f.puts "-v", "--num=3" }
  seen.clear
  assert_true o.load(file)
  assert_equal [[:verbose, true], [:num, 3]], seen
  assert_false o.load(File.join(TMP, "missing"))
  assert_false o.load(File.join(file, "under-a-file"))
end

test "Arguable and ARGV" do
  assert_kind_of OptionParser::Arguable, ARGV
  saved = ARGV.dup
  begin
    ARGV.replace %w[-q file]
    assert_kind_of OptionParser, ARGV.options
    assert_same ARGV, ARGV.options.default_argv
    got = []
    r = ARGV.options do |opts|
      opts.on("-q", "--quiet") { got << :q }
      opts.parse!
      :done
    end
    assert_equal :done, r
    assert_equal [:q], got
    assert_equal ["file"], ARGV
    ARGV.replace %w[-z]
    err, = capture_err { assert_nil ARGV.options { |opts| opts.parse! } }
    assert_equal "#{File.basename($0, '.*')}: invalid option: -z\n", err
    ARGV.replace %w[x -q y]
    assert_equal %w[x y], ARGV.parse!
    ARGV.replace %w[x -q y]
    assert_equal %w[x y], ARGV.permute!
    ARGV.replace %w[-q x -q]
    assert_equal %w[x -q], ARGV.order!
    ARGV.replace %w[-a -b v]
    ARGV.options = OptionParser.new
    assert_equal({"a" => true, "b" => "v"}, ARGV.getopts("ab:"))
    args = %w[-k].extend(OptionParser::Arguable)
    args.options.on("-k") { got << :k }
    args.parse!
    assert_equal :k, got.last
    assert_equal [], args
    args.options = nil
    assert_false args.respond_to?(:options)
  ensure
    ARGV.replace saved
  end
end

test "warn and abort" do
  o = OptionParser.new
  o.program_name = "tool"
  err, = capture_err { o.warn "careful" }
  assert_equal "tool: careful\n", err
  err, status = capture_err { o.abort "fatal" }
  assert_equal ["tool: fatal\n", 1], [err, status]
end

test "new and remove lists, with, inc, define" do
  o = OptionParser.new
  o.on("-a", "A") { }
  o.new do |x|
    x.on("-b", "B") { }
  end
  # the newest list comes first
  assert_equal ["    -b                               B\n", "    -a                               A\n"], o.summarize
  o.remove
  assert_equal ["    -a                               A\n"], o.summarize
  got = nil
  w = OptionParser.with { on("-w") { |v| got = v } }
  w.parse(%w[-w])
  assert_true got
  assert_equal 1, OptionParser.inc(nil)
  assert_equal 3, OptionParser.inc(nil, 2)
  assert_equal 5, OptionParser.inc(5)
  assert_nil OptionParser.inc(0)
  assert_equal 2, o.inc(nil, 1)
  sw = o.define("-d", "--def", "D") { }
  assert_kind_of OptionParser::Switch, sw
  assert_equal "def", sw.switch_name
  assert_equal ["-d"], sw.short
  assert_equal ["--def"], sw.long
  assert_equal ["D"], sw.desc
  assert_same o, o.on("-e") { }
  assert_same o, o.on_tail("-t") { }
  assert_same o, o.on_head("-i") { }
  assert_equal %w[-i -a -d -e -t], o.summarize.map { |l| l.strip.split(/[ ,]/).first }
  assert_equal "verbose", o.define("--[no-]verbose") { }.switch_name
end

test "switches without names" do
  o = OptionParser.new
  o.program_name = "p"
  got = []
  o.on("rest of args") { |*a| got << [:rest, a] }
  o.on(/\A\d+\z/) { |a| got << [:num, a] }
  o.on("-v") { got << :v }
  assert_equal %w[a 12 b], o.parse(%w[a 12 -v b])
  assert_equal [[:num, "12"], :v, [:rest, []]], got
  got.clear
  assert_equal %w[x -v], o.order(%w[x -v])
  assert_equal [[:rest, %w[x -v]]], got
  assert_equal "Usage: p [options] [rest of args]...\n    -v\n", o.help
  # a lone "-" is an argument; "--" ends the options
  assert_equal %w[- -v], o.parse(%w[- -- -v])
  assert_equal [OptionParser::NeedlessArgument, "needless argument: --=x"], perr { o.parse(%w[--=x]) }
end

test "optparse/shellwords" do
  require 'optparse/shellwords'
  got = nil
  o = OptionParser.new
  o.on("--cmd LINE", Shellwords) { |v| got = v }
  o.parse(["--cmd", %q{ls -l "my file" 'a b'}])
  assert_equal ["ls", "-l", "my file", "a b"], got
  e = assert_raise(ArgumentError) { o.parse(["--cmd", %q{echo "open}]) }
  assert_equal 'Unmatched double quote: "open', e.message
end

test "optparse/time, optparse/date and optparse/uri" do
  require 'optparse/time'
  require 'optparse/date'
  require 'optparse/uri'
  got = {}
  o = OptionParser.new
  o.on("--at TIME", Time) { |v| got[:at] = v }
  o.on("--since [TIME]", Time) { |v| got[:since] = v }
  o.on("--day DATE", Date) { |v| got[:day] = v }
  o.on("--moment DT", DateTime) { |v| got[:dt] = v }
  o.on("--url URL", URI) { |v| got[:url] = v }
  o.parse(%w[--at 2001-02-03T04:05:06Z --day 2001-02-03 --since
             --moment 2001-02-03T04:05:06+09:00 --url http://example.com:81/x])
  assert_equal Time.utc(2001, 2, 3, 4, 5, 6), got[:at]
  assert_nil got[:since]
  assert_kind_of Date, got[:day]
  assert_equal "2001-02-03", got[:day].to_s
  assert_kind_of DateTime, got[:dt]
  assert_equal "2001-02-03T04:05:06+09:00", got[:dt].to_s
  assert_kind_of URI::HTTP, got[:url]
  assert_equal ["example.com", 81, "/x"], [got[:url].host, got[:url].port, got[:url].path]
  o.parse(["--at", "Sat, 03 Feb 2001 04:05:06 GMT"])       # an HTTP date
  assert_equal Time.utc(2001, 2, 3, 4, 5, 6), got[:at]
  o.parse(["--at", "Feb 3 2001 10:00 +0100"])              # anything Time.parse reads
  assert_equal Time.utc(2001, 2, 3, 9, 0, 0), got[:at]
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --at=garbage"], perr { o.parse(%w[--at=garbage]) }
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --day 2001-02-30"], perr { o.parse(%w[--day 2001-02-30]) }
  assert_equal [OptionParser::InvalidArgument, "invalid argument: --moment=zz"], perr { o.parse(%w[--moment=zz]) }
  e = assert_raise(URI::InvalidURIError) { o.parse(["--url", "http://a b"]) }
  assert_equal "bad URI(is not URI?): http://a b", e.message
end
