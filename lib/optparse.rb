# optparse.rb: OptionParser, command-line option analysis, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's optparse.rb:
#   OptionParser.new(banner = nil, width = 32, indent = '    ') { |opts| },
#   on/def_option/define, on_head/define_head, on_tail/define_tail,
#   separator, new/remove (a list of its own), banner, program_name,
#   version, release, ver, summary_width, summary_indent, default_argv,
#   summarize, help/to_s, to_a, parse/parse!, order/order!, permute/
#   permute!, getopts (instance and class), environment, load, warn,
#   abort, terminate, accept/reject (instance and class), inc, with,
#   top/base, make_switch.
#   Switches: "-x", "--long", "--[no-]long", "--no-long", with a required
#   argument ("-x VAL", "-xVAL", "--long VAL", "--long=VAL"), an optional
#   one ("-x[VAL]", "--long[=VAL]") or one placed in the next argument
#   ("-x [VAL]", "--long [VAL]"); the argument styles :NONE/:REQUIRED/
#   :OPTIONAL (and nil/true/false); argument types Object, NilClass,
#   String, Integer, Float, Numeric, DecimalInteger, OctalInteger,
#   DecimalNumeric, TrueClass, FalseClass, Array, Regexp and those added
#   with accept; a Regexp the argument must match; an Array or Hash of
#   allowed values, completed from an abbreviation; description lines.
#   Parsing: short options clustered (-abc, -n5), long options abbreviated
#   (--verb), case-insensitively, a lone short option taken as the
#   abbreviation of a long one (-h for --help), "--" ends the options;
#   parse keeps going past non-options unless POSIXLY_CORRECT is set.
#   The officious --help (prints help and exits) and --version (prints
#   "program version (release)" and exits, or aborts "version unknown").
#   Errors: ParseError and its subclasses InvalidOption ("invalid option:
#   --foo"), MissingArgument ("missing argument: -x"), InvalidArgument
#   ("invalid argument: -n abc"), NeedlessArgument ("needless argument:
#   --verbose=x"), AmbiguousOption ("ambiguous option: --ve") and
#   AmbiguousArgument; each has args, reason, recover, set_option.
#   Help laid out as 1.8.7 lays it out: the banner ("Usage: prog
#   [options]" by default), then each switch indented 4, the switch names
#   in a column 32 wide and the description after one space.
#   OptionParser::Arguable, with which ARGV is extended: ARGV.options,
#   ARGV.options { |opts| } (a ParseError is warned, giving nil),
#   ARGV.parse!, ARGV.order!, ARGV.permute!, ARGV.getopts.
# Differences: Integer and Numeric take 0x1f and 0b101 (1.8.7's pattern
# stopped at their leading 0 and refused them); DecimalInteger,
# OctalInteger and DecimalNumeric must match all of the argument.
# optparse/shellwords adds the Shellwords argument type, optparse/time
# Time, optparse/date Date and DateTime, optparse/uri URI.
# Left out: short switches given as character classes ("-[a-z]"),
# --version=PACKAGE (optparse/version), and $SAFE tainting.
class OptionParser
  # Argument style names, as 1.8.7 had them.
  NoArgument = [NO_ARGUMENT = :NONE, nil].freeze
  RequiredArgument = [REQUIRED_ARGUMENT = :REQUIRED, true].freeze
  OptionalArgument = [OPTIONAL_ARGUMENT = :OPTIONAL, false].freeze

  # ------------------------------------------------------------ errors

  # The base of the errors parsing raises; message is "REASON: ARGS".
  class ParseError < RuntimeError
    Reason = 'parse error'.freeze

    def initialize(*args)
      @args = args
      @reason = nil
    end

    attr_reader :args
    attr_writer :reason

    # Puts the arguments that caused the error back in front of argv.
    def recover(argv)
      argv[0, 0] = @args
      argv
    end

    # Names the option in the message: replaces the first argument when
    # +eq+ (the argument was attached to it), or goes in front of them.
    def set_option(opt, eq)
      if eq
        @args[0] = opt
      else
        @args.unshift(opt)
      end
      self
    end

    def reason
      @reason || self.class::Reason
    end

    def inspect
      "#<#{self.class}: #{args.join(' ')}>"
    end

    def message
      reason + ': ' + args.join(' ')
    end
    alias to_s message

    def self.filter_backtrace(array)
      array
    end
  end

  class AmbiguousOption < ParseError
    Reason = 'ambiguous option'.freeze
  end

  class NeedlessArgument < ParseError
    Reason = 'needless argument'.freeze
  end

  class MissingArgument < ParseError
    Reason = 'missing argument'.freeze
  end

  class InvalidOption < ParseError
    Reason = 'invalid option'.freeze
  end

  class InvalidArgument < ParseError
    Reason = 'invalid argument'.freeze
  end

  class AmbiguousArgument < InvalidArgument
    Reason = 'ambiguous argument'.freeze
  end

  # ------------------------------------------------------------ completion

  # Finding a key from its abbreviation: each word of the abbreviation
  # may be the start of a word of the key ("d-r" for "dry-run").
  module Completion
    # Yields (or returns) [key, *value] for the one key +key+ abbreviates;
    # nil if none does; throws :ambiguous with +key+ if several do.
    def complete(key, icase = false, pat = nil)
      pat ||= Regexp.new('\A' + Regexp.quote(key).gsub(/\w+\b/, '\&\w*'),
                         icase ? Regexp::IGNORECASE : nil)
      candidates = []
      each do |k, v|
        if k.is_a?(Regexp)
          next unless k =~ key
          name = nil
        else
          name = k.is_a?(Symbol) ? k.to_s : k
          next unless name.is_a?(String) && pat =~ name
        end
        candidates << [k, v, name]
      end
      return nil if candidates.empty?
      canon, sw, cname = candidates.sort_by { |c| c[2].to_s.size }.first
      candidates.each do |k, v, name|
        next if k.equal?(canon) || v.equal?(sw) || v == sw
        # a longer name that extends the shortest one is no rival
        next if name.is_a?(String) && cname.is_a?(String) && name[0, cname.size] == cname
        throw :ambiguous, key
      end
      result = [key, sw]
      block_given? ? yield(*result) : result
    end

    # The value a match gives the switch's block.
    def convert(opt = nil, val = nil, *rest)
      val
    end
  end

  # A Hash whose keys can be abbreviated (allowed argument values).
  class CompletingHash < Hash
    include Completion

    # [key, value] for +key+ or the one key it abbreviates; nil if none;
    # AmbiguousArgument if several.
    def match(key)
      return [key, fetch(key)] if key?(key)
      found = catch(:ambiguous) { return complete(key) }
      raise AmbiguousArgument, found
    end
  end

  # ------------------------------------------------------------ switches

  # One option: its names, argument pattern and conversion, description
  # and block.
  class Switch
    attr_reader :pattern, :conv, :short, :long, :arg, :desc, :block

    def self.guess(arg)
      case arg
      when ""            then t = self
      when /\A=?\[/      then t = Switch::OptionalArgument
      when /\A\s+\[/     then t = Switch::PlacedArgument
      else                    t = Switch::RequiredArgument
      end
      self >= t or incompatible_argument_styles(arg, t)
      t
    end

    def self.incompatible_argument_styles(arg, t)
      raise ArgumentError, "#{arg}: incompatible argument styles\n  #{self}, #{t}"
    end

    def self.pattern
      NilClass
    end

    def initialize(pattern = nil, conv = nil, short = nil, long = nil, arg = nil,
                   desc = ([] if short or long), block = nil, &blk)
      @pattern, @conv, @short, @long, @arg, @desc, @block =
        pattern, conv, short, long, arg, desc, (block || blk)
    end

    # The switch's name, without dashes or "[no-]".
    def switch_name
      (long.first || short.first).sub(/\A-+(?:\[no-\])?/, '')
    end

    # True if a switch without names takes non-option +str+.
    def match_nonswitch?(str)
      @pattern =~ str unless @short or @long
    end

    def add_banner(to)
      unless @short or @long
        s = desc.join
        to << " [" + s + "]..." unless s.empty?
      end
      to
    end

    # Yields the help lines of the switch (names already shown in
    # +sdone+/+ldone+ are left out).
    def summarize(sdone = {}, ldone = {}, width = 1, max = width - 1, indent = "")
      sopts = []
      lopts = []
      (@short || []).each { |s| sopts << s unless sdone.key?(s); sdone[s] = true }
      (@long || []).each { |s| lopts << s unless ldone.key?(s); ldone[s] = true }
      return if sopts.empty? and lopts.empty?

      left = [sopts.join(', ')]
      right = desc.dup
      while s = lopts.shift
        l = left[-1].length + s.length
        l += arg.length if left.size == 1 && arg
        left << '' unless l < max or sopts.empty?
        left[-1] << (left[-1].empty? ? ' ' * 4 : ', ') << s
      end
      left[0] << arg if arg

      mlen = left.map { |ss| ss.length }.max.to_i
      while mlen > width and l = left.shift
        mlen = left.map { |ss| ss.length }.max.to_i if l.length == mlen
        yield(indent + l)
      end
      loop do
        l = left.shift
        r = right.shift
        break unless l or r
        l = l.to_s
        l = l.ljust(width) + ' ' + r if r and !r.empty?
        yield(indent + l)
      end
      self
    end

    # [rest, match] for +arg+ against the pattern; yields
    # (InvalidArgument, arg) when it does not match, or not all of it.
    def parse_arg(arg)
      return nil, [arg] unless pattern
      m = pattern.match(arg)
      unless m
        yield(InvalidArgument, arg)
        return arg, nil
      end
      if m.is_a?(String)
        m = [s = m]
      else
        m = m.to_a
        s = m[0]
        return nil, m unless s.is_a?(String)
      end
      raise InvalidArgument, arg unless arg[0, s.length] == s
      return nil, m if s.length == arg.length
      yield(InvalidArgument, arg)
      return arg[s.length..-1], m
    end
    private :parse_arg

    # [rest, block, value]: the value for the block from the match.
    def conv_arg(arg, val = [])
      val ||= []
      if conv
        val = conv.call(*val)
      else
        val = val.size > 1 ? val : val[0]
      end
      return arg, block, val
    end
    private :conv_arg

    # A switch that takes no argument.
    class NoArgument < self
      def parse(arg, argv)
        yield(NeedlessArgument, arg) if arg
        conv_arg(arg)
      end

      def self.incompatible_argument_styles(*)
      end

      def self.pattern
        Object
      end
    end

    # A switch whose argument is required.
    class RequiredArgument < self
      def parse(arg, argv)
        unless arg
          raise MissingArgument if argv.empty?
          arg = argv.shift
        end
        conv_arg(*parse_arg(arg) { |*exc| raise(*exc) })
      end
    end

    # A switch whose argument may be attached to it.
    class OptionalArgument < self
      def parse(arg, argv, &error)
        if arg
          conv_arg(*parse_arg(arg, &error))
        else
          conv_arg(arg)
        end
      end
    end

    # A switch whose optional argument may be the next argument, if that
    # does not look like an option.
    class PlacedArgument < self
      def parse(arg, argv, &error)
        if !(val = arg) and (argv.empty? or /\A-/ =~ (val = argv[0]))
          return nil, block, nil
        end
        pair = parse_arg(val, &error)
        matched = pair[1]
        result = conv_arg(*pair)
        if matched and !arg
          argv.shift
        else
          result[0] = nil
        end
        result
      end
    end
  end

  # ------------------------------------------------------------ lists

  # A list of switches: the tables by short and long name, the argument
  # types, and the order for the summary (switches and separators).
  class List
    attr_reader :atype, :short, :long, :list

    def initialize
      @atype = {}
      @short = OptionMap.new
      @long = OptionMap.new
      @list = []
    end

    def accept(t, pat = /.*/m, &block)
      if pat
        pat.respond_to?(:match) or raise TypeError, "has no `match'"
      else
        pat = t if t.respond_to?(:match)
      end
      unless block
        block = pat.method(:convert).to_proc if pat.respond_to?(:convert)
      end
      @atype[t] = [pat, block]
    end

    def reject(t)
      @atype.delete(t)
    end

    def update(sw, sopts, lopts, nsw = nil, nlopts = nil)
      sopts.each { |o| @short[o] = sw } if sopts
      lopts.each { |o| @long[o] = sw } if lopts
      nlopts.each { |o| @long[o] = nsw } if nsw and nlopts
      used = {}
      @short.each_value { |v| used[v.object_id] = true }
      @long.each_value { |v| used[v.object_id] = true }
      @list.delete_if { |o| Switch === o and !used[o.object_id] }
    end
    private :update

    def prepend(*args)
      update(*args)
      @list.unshift(args[0])
    end

    def append(*args)
      update(*args)
      @list.push(args[0])
    end

    # Yields the entry of table +id+ for +key+, if there is one.
    def search(id, key)
      table = __send__(id)
      if table.key?(key)
        val = table[key]
        return block_given? ? yield(val) : val
      end
      nil
    end

    def complete(id, opt, icase = false, *pat, &block)
      __send__(id).complete(opt, icase, *pat, &block)
    end

    def each_option(&block)
      list.each(&block)
    end

    def summarize(*args, &block)
      list.each do |opt|
        if opt.respond_to?(:summarize)
          opt.summarize(*args, &block)
        elsif !opt or opt.empty?
          yield("")
        elsif opt.is_a?(Array)
          opt.each(&block)
        else
          opt.to_s.each_line(&block)
        end
      end
    end

    def add_banner(to)
      list.each { |opt| opt.add_banner(to) if opt.respond_to?(:add_banner) }
      to
    end
  end

  # The short and long tables of a List.
  class OptionMap < Hash
    include Completion
  end

  # ------------------------------------------------------------ defaults

  DefaultList = List.new
  DefaultList.short['-'] = Switch::NoArgument.new {}
  DefaultList.long[''] = Switch::NoArgument.new { throw :terminate }

  # The switches every parser has (not shown in its help).
  Officious = {
    'help' => proc do |parser|
      Switch::NoArgument.new do
        puts parser.help
        exit
      end
    end,
    'version' => proc do |parser|
      Switch::OptionalArgument.new do |pkg|
        v = parser.ver or parser.abort("version unknown")
        puts v
        exit
      end
    end
  }

  ArgumentStyle = {}
  NoArgument.each { |el| ArgumentStyle[el] = Switch::NoArgument }
  RequiredArgument.each { |el| ArgumentStyle[el] = Switch::RequiredArgument }
  OptionalArgument.each { |el| ArgumentStyle[el] = Switch::OptionalArgument }
  ArgumentStyle.freeze

  def self.accept(*args, &blk)
    top.accept(*args, &blk)
  end

  def self.reject(*args, &blk)
    top.reject(*args, &blk)
  end

  def self.top
    DefaultList
  end

  # ------------------------------------------------------------ types

  accept(Object) { |s, *rest| s or s.nil? }
  accept(NilClass) { |s, *rest| s }
  accept(String, /.+/m) { |s, *rest| s }

  decimal = '\d+(?:_\d+)*'
  binary = 'b[01]+(?:_[01]+)*'
  hex = 'x[\da-f]+(?:_[\da-f]+)*'
  # (1.8.7's "0(?:[0-7]*...|b...|x...)" stopped at the 0 of 0x1f)
  octal = "0(?:[0-7]+(?:_[0-7]+)*|#{binary}|#{hex})?"
  integer = "#{octal}|#{decimal}"
  accept(Integer, %r"\A[-+]?(?:#{integer})"io) do |s, *rest|
    begin
      Integer(s)
    rescue ArgumentError
      raise OptionParser::InvalidArgument, s
    end if s
  end

  float = "(?:#{decimal}(?:\\.(?:#{decimal})?)?|\\.#{decimal})(?:E[-+]?#{decimal})?"
  real = "[-+]?(?:#{decimal}|#{float})"
  accept(Float, %r"\A[-+]?#{float}"io) { |s, *rest| s.to_f if s }

  # An Integer or a Float, as the argument is written.
  def self.numeric_value(s)
    return nil unless s
    if s =~ /\A[-+]?0[xb]/i || s !~ /[.e]/i
      Integer(s)
    else
      s.to_f
    end
  rescue ArgumentError
    raise OptionParser::InvalidArgument, s
  end

  accept(Numeric, %r"\A[-+]?(?:#{octal}|#{float})"io) { |s, *rest| OptionParser.numeric_value(s) }

  # Argument types that are patterns, not classes.
  module Acceptables
    DecimalInteger = /\A[-+]?#{'\d+(?:_\d+)*'}/io
    OctalInteger = /\A[-+]?(?:0(?:#{'b[01]+(?:_[01]+)*'}|#{'x[\da-f]+(?:_[\da-f]+)*'})|[0-7]+(?:_[0-7]+)*)/io
    DecimalNumeric = %r"\A[-+]?(?:\d+(?:_\d+)*(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:E[-+]?\d+(?:_\d+)*)?"io
  end
  include Acceptables

  accept(DecimalInteger, DecimalInteger) { |s, *rest| s.delete('_').to_i if s }
  accept(OctalInteger, OctalInteger) { |s, *rest| s.oct if s }
  accept(DecimalNumeric, DecimalNumeric) do |s, *rest|
    if s
      s =~ /[.e]/i ? s.to_f : s.delete('_').to_i
    end
  end

  yesno = CompletingHash.new
  %w[- no false].each { |el| yesno[el] = false }
  %w[+ yes true].each { |el| yesno[el] = true }
  yesno['nil'] = false
  accept(TrueClass, yesno) { |arg, *val| val.empty? ? true : (val[0] == nil or val[0]) }
  accept(FalseClass, yesno) { |arg, *val| val.empty? ? false : (val[0] != nil and val[0]) }

  accept(Array) do |s, *rest|
    if s
      s = s.split(',').map { |ss| ss unless ss.empty? }
    end
    s
  end

  accept(Regexp, %r"\A/((?:\\.|[^\\])*)/([[:alpha:]]+)?\z|.*") do |all, s, o|
    f = 0
    k = nil
    if o
      f |= Regexp::IGNORECASE if /i/ =~ o
      f |= Regexp::MULTILINE if /m/ =~ o
      f |= Regexp::EXTENDED if /x/ =~ o
      k = o.delete("imx")
      k = nil if k.empty?
    end
    Regexp.new(s || all, f, k)
  end

  # ------------------------------------------------------------ the parser

  def self.with(*args, &block)
    opts = new(*args)
    opts.instance_eval(&block)
    opts
  end

  def self.inc(arg, default = nil)
    case arg
    when Integer
      arg.nonzero?
    when nil
      default.to_i + 1
    end
  end

  def inc(*args)
    self.class.inc(*args)
  end

  def initialize(banner = nil, width = 32, indent = ' ' * 4)
    @stack = [DefaultList, List.new, List.new]
    @program_name = nil
    @banner = banner
    @summary_width = width
    @summary_indent = indent
    @default_argv = ARGV
    add_officious
    yield self if block_given?
  end

  def add_officious
    list = base
    Officious.each do |opt, block|
      list.long[opt] ||= block.call(self)
    end
  end
  private :add_officious

  def self.terminate(arg = nil)
    throw :terminate, arg
  end

  def terminate(arg = nil)
    self.class.terminate(arg)
  end

  attr_writer :banner, :program_name
  attr_accessor :summary_width, :summary_indent, :default_argv
  attr_writer :version, :release

  def banner
    unless @banner
      @banner = "Usage: #{program_name} [options]"
      visit(:add_banner, @banner)
    end
    @banner
  end

  def program_name
    @program_name || File.basename($0, '.*')
  end

  def version
    @version || (defined?(::Version) && ::Version)
  end

  def release
    @release || (defined?(::Release) && ::Release) || (defined?(::RELEASE) && ::RELEASE)
  end

  # "program version (release)", or nil without a version.
  def ver
    if v = version
      str = "#{program_name} #{[v].join('.')}"
      str << " (#{v})" if v = release
      str
    end
  end

  def warn(mesg = $!)
    super("#{program_name}: #{mesg}")
  end

  def abort(mesg = $!)
    super("#{program_name}: #{mesg}")
  end

  def top
    @stack[-1]
  end

  def base
    @stack[1]
  end

  # A new list on the stack (for the block, if given).
  def new
    @stack.push(List.new)
    if block_given?
      yield self
    else
      self
    end
  end

  def remove
    @stack.pop
  end

  def accept(*args, &blk)
    top.accept(*args, &blk)
  end

  def reject(*args, &blk)
    top.reject(*args, &blk)
  end

  # The help lines, each ending in a newline, added to +to+.
  def summarize(to = [], width = @summary_width, max = width - 1, indent = @summary_indent, &blk)
    blk ||= proc { |l| to << (l[-1, 1] == "\n" ? l : l + "\n") }
    visit(:summarize, {}, {}, width, max, indent, &blk)
    to
  end

  def help
    summarize(banner.to_s.sub(/\n?\z/, "\n"))
  end
  alias to_s help

  def to_a
    summarize(banner.to_s.to_a.dup)
  end

  def notwice(obj, prv, msg)
    unless !prv or prv == obj
      raise ArgumentError, "argument #{msg} given twice: #{obj}"
    end
    obj
  end
  private :notwice

  # [switch, short names, long names, negated switch, negated long names]
  # from on's arguments.
  def make_switch(opts, block = nil)
    short, long, nolong, style, pattern, conv, not_pattern, not_conv, not_style = [], [], []
    ldesc, sdesc, desc, arg = [], [], []
    default_style = Switch::NoArgument
    default_pattern = nil
    klass = nil
    o = nil
    n, q, a = nil

    opts.each do |o|
      # an argument type
      found = search(:atype, o) do |pat, c|
        klass = notwice(o, klass, 'type')
        if not_style and not_style != Switch::NoArgument
          not_pattern, not_conv = pat, c
        else
          default_pattern, conv = pat, c
        end
        true
      end
      next if found

      # a pattern the argument must match
      if !(String === o) and !(Symbol === o) and o.respond_to?(:match)
        pattern = notwice(o, pattern, 'pattern')
        conv = pattern.method(:convert).to_proc if pattern.respond_to?(:convert)
        next
      end

      case o
      when Proc, Method
        block = notwice(o, block, 'block')
      when Array, Hash
        case pattern
        when CompletingHash
        when nil
          pattern = CompletingHash.new
          conv = pattern.method(:convert).to_proc
        else
          raise ArgumentError, "argument pattern given twice"
        end
        if o.is_a?(Hash)
          o.each { |k, v| pattern[k] = v }
        else
          o.each do |el|
            if el.is_a?(Array)
              pattern[el[0]] = el.size > 1 ? el[1] : el[0]
            else
              pattern[el] = el
            end
          end
        end
      when Module
        raise ArgumentError, "unsupported argument type: #{o}"
      when *ArgumentStyle.keys
        style = notwice(ArgumentStyle[o], style, 'style')
      when /^--no-([^\[\]=\s]*)(.+)?/
        q, a = $1, $2
        if a
          o = notwice(NilClass, klass, 'type')
          default_style = default_style.guess(arg = a)
          default_pattern, conv = search(:atype, o) unless default_pattern
        end
        o = notwice(a ? Object : TrueClass, klass, 'type')
        not_pattern, not_conv = search(:atype, o) unless not_style
        not_style = (not_style || default_style).guess(arg = a) if a
        default_style = Switch::NoArgument
        default_pattern, conv = search(:atype, FalseClass) unless default_pattern
        ldesc << "--no-#{q}"
        long << 'no-' + (q = q.downcase)
        nolong << q
      when /^--\[no-\]([^\[\]=\s]*)(.+)?/
        q, a = $1, $2
        o = notwice(a ? Object : TrueClass, klass, 'type')
        if a
          default_style = default_style.guess(arg = a)
          default_pattern, conv = search(:atype, o) unless default_pattern
        else
          default_pattern, conv = search(:atype, TrueClass) unless default_pattern
        end
        not_pattern, not_conv = search(:atype, FalseClass) unless not_style
        not_style = Switch::NoArgument
        ldesc << "--[no-]#{q}"
        long << (o = q.downcase)
        nolong << 'no-' + o
      when /^--([^\[\]=\s]*)(.+)?/
        q, a = $1, $2
        if a
          o = notwice(NilClass, klass, 'type')
          default_style = default_style.guess(arg = a)
          default_pattern, conv = search(:atype, o) unless default_pattern
        end
        ldesc << "--#{q}"
        long << (o = q.downcase)
      when /^-(\[\^?\]?(?:[^\\\]]|\\.)*\])(.+)?/
        raise ArgumentError, "unsupported switch: #{o} (character classes are not supported)"
      when /^-(.)(.+)?/
        q, a = $1, $2
        if a
          o = notwice(NilClass, klass, 'type')
          default_style = default_style.guess(arg = a)
          default_pattern, conv = search(:atype, o) unless default_pattern
        end
        sdesc << "-#{q}"
        short << q
      when /^=/
        style = notwice(default_style.guess(arg = o), style, 'style')
        default_pattern, conv = search(:atype, Object) unless default_pattern
      else
        desc.push(o)
      end
    end

    default_pattern, conv = search(:atype, default_style.pattern) unless default_pattern
    if !(short.empty? and long.empty?)
      s = (style || default_style).new(pattern || default_pattern,
                                       conv, sdesc, ldesc, arg, desc, block)
    elsif !block
      raise ArgumentError, "no switch given" if style or pattern
      s = desc
    else
      short << pattern
      s = (style || default_style).new(pattern, conv, nil, nil, arg, desc, block)
    end
    nsw = nil
    if not_style
      nsw = not_style.new(not_pattern, not_conv, sdesc, ldesc, nil, desc, block)
    end
    return s, short, long, nsw, nolong
  end

  def define(*opts, &block)
    top.append(*(sw = make_switch(opts, block)))
    sw[0]
  end
  alias def_option define

  def on(*opts, &block)
    define(*opts, &block)
    self
  end

  def define_head(*opts, &block)
    top.prepend(*(sw = make_switch(opts, block)))
    sw[0]
  end
  alias def_head_option define_head

  def on_head(*opts, &block)
    define_head(*opts, &block)
    self
  end

  def define_tail(*opts, &block)
    base.append(*(sw = make_switch(opts, block)))
    sw[0]
  end
  alias def_tail_option define_tail

  def on_tail(*opts, &block)
    define_tail(*opts, &block)
    self
  end

  def separator(string)
    top.append(string, nil, nil)
  end

  # ------------------------------------------------------------ parsing

  def order(*argv, &block)
    argv = argv[0].dup if argv.size == 1 and Array === argv[0]
    order!(argv, &block)
  end

  # Parses options up to the first non-option (or, with a block, yields
  # each non-option and goes on); removes what it parsed from argv.
  def order!(argv = default_argv, &nonopt)
    parse_in_order(argv, &nonopt)
  end

  def parse_in_order(argv = default_argv, setter = nil, &nonopt)
    nonopt ||= proc { |a| throw :terminate, a }
    stopped = catch(:terminate) do
      while arg = argv.shift
        parse_one(arg, argv, setter, nonopt)
      end
      nil
    end
    argv.unshift(stopped) if stopped
    visit(:search, :short, nil) { |sw| sw.block.call(*argv) if !sw.pattern }
    argv
  end
  private :parse_in_order

  def parse_one(arg, argv, setter, nonopt)
    case arg
    when /\A--([^=]*)(?:=(.*))?/m
      parse_long(arg, $1, $2, argv, setter)
    when /\A-(.)((=).*|.+)?/m
      parse_short(arg, $1, $2, $3, argv, setter)
    else
      catch(:prune) do
        visit(:each_option) do |sw0|
          sw = sw0
          sw.block.call(arg) if Switch === sw and sw.match_nonswitch?(arg)
        end
        nonopt.call(arg)
      end
    end
  end
  private :parse_one

  def parse_long(arg, opt, rest, argv, setter)
    begin
      sw, = complete(:long, opt, true)
    rescue ParseError
      raise $!.set_option(arg, true)
    end
    begin
      opt, cb, val = sw.parse(rest, argv) { |*exc| raise(*exc) }
      val = cb.call(val) if cb
      setter.call(sw.switch_name, val) if setter
    rescue ParseError
      raise $!.set_option(arg, rest)
    end
  end
  private :parse_long

  def parse_short(arg, opt, rest, eq, argv, setter)
    val = rest
    has_arg = eq
    begin
      sw, = search(:short, opt)
      unless sw
        begin
          sw, = complete(:short, opt)
          val = arg.sub(/\A-/, '')
          has_arg = true
        rescue InvalidOption
          # no short option: try it as the abbreviation of a long one
          sw, = complete(:long, opt)
          eq ||= !rest
        end
      end
    rescue ParseError
      raise $!.set_option(arg, true)
    end
    begin
      opt, cb, val = sw.parse(val, argv) { |*exc| raise(*exc) if eq }
      raise InvalidOption, arg if has_arg and !eq and arg == "-#{opt}"
      argv.unshift(opt) if opt and (opt = opt.sub(/\A-*/, '-')) != '-'
      val = cb.call(val) if cb
      setter.call(sw.switch_name, val) if setter
    rescue ParseError
      raise $!.set_option(arg, arg.length > 2)
    end
  end
  private :parse_short

  def permute(*argv)
    argv = argv[0].dup if argv.size == 1 and Array === argv[0]
    permute!(argv)
  end

  # Parses all options wherever they are; the non-options stay in argv.
  def permute!(argv = default_argv)
    nonopts = []
    order!(argv) { |a| nonopts << a }
    argv[0, 0] = nonopts
    argv
  end

  def parse(*argv)
    argv = argv[0].dup if argv.size == 1 and Array === argv[0]
    parse!(argv)
  end

  def parse!(argv = default_argv)
    if ENV.include?('POSIXLY_CORRECT')
      order!(argv)
    else
      permute!(argv)
    end
  end

  # getopts(argv, "ab:", "long", "value:", ...): a Hash of the options
  # found ("a" => true, "b" => "arg", absent ones false or nil, or the
  # default after the colon of a long one).
  def getopts(*args)
    argv = Array === args.first ? args.shift : default_argv
    single_options = args.shift
    long_options = args

    result = {}

    single_options.scan(/(.)(:)?/) do |opt, val|
      if val
        result[opt] = nil
        define("-#{opt} VAL")
      else
        result[opt] = false
        define("-#{opt}")
      end
    end if single_options

    long_options.each do |arg|
      opt, val = arg.split(':', 2)
      if val
        result[opt] = val.empty? ? nil : val
        define("--#{opt} VAL")
      else
        result[opt] = false
        define("--#{opt}")
      end
    end

    parse_in_order(argv, result.method(:[]=))
    result
  end

  def self.getopts(*args)
    new.getopts(*args)
  end

  def visit(id, *args, &block)
    el = nil
    @stack.reverse_each do |e|
      el = e
      e.__send__(id, *args, &block)
    end
    el
  end
  private :visit

  # Yields (or returns) the entry of table +id+ for +key+ in the first
  # list that has one.
  def search(id, key)
    block_given = block_given?
    visit(:search, id, key) do |k|
      return block_given ? yield(k) : k
    end
    nil
  end
  private :search

  # [switch, key] for +opt+ or the one name it abbreviates.
  def complete(typ, opt, icase = false, *pat)
    if pat.empty?
      search(typ, opt) { |sw| return [sw, opt] }
    end
    ambiguous = catch(:ambiguous) do
      visit(:complete, typ, opt, icase, *pat) { |o, *sw| return sw }
      raise InvalidOption, opt
    end
    raise AmbiguousOption, ambiguous
  end
  private :complete

  # ENV[env] (or ENV[env.upcase]) split as a shell would, parsed.
  def environment(env = File.basename($0, '.*'))
    env = ENV[env] || ENV[env.upcase] or return
    require 'shellwords'
    parse(*Shellwords.shellwords(env))
  end

  # Parses the options in +filename+ (~/.options/PROGRAM by default),
  # one a line; false if there is no such file.
  def load(filename = nil)
    begin
      filename ||= File.expand_path(File.basename($0, '.*'), '~/.options')
    rescue StandardError
      return false
    end
    begin
      parse(*IO.readlines(filename).each { |s| s.chomp! })
      true
    rescue Errno::ENOENT, Errno::ENOTDIR
      false
    end
  end

  # ------------------------------------------------------------ ARGV

  # Methods for an Array of arguments (ARGV is extended with them).
  module Arguable
    def options=(opt)
      unless @optparse = opt
        class << self
          undef_method(:options)
          undef_method(:options=)
        end
      end
    end

    # The parser of the arguments; with a block, yields it and gives the
    # block's value, or warns a ParseError and gives nil.
    def options
      @optparse ||= OptionParser.new
      @optparse.default_argv = self
      block_given? or return @optparse
      begin
        yield @optparse
      rescue ParseError
        @optparse.warn $!
        nil
      end
    end

    def order!(&blk)
      options.order!(self, &blk)
    end

    def permute!
      options.permute!(self)
    end

    def parse!
      options.parse!(self)
    end

    def getopts(*args)
      options.getopts(self, *args)
    end

    def self.extend_object(obj)
      super
      obj.instance_eval { @optparse = nil }
    end

    def initialize(*args)
      super
      @optparse = nil
    end
  end
end

ARGV.extend(OptionParser::Arguable)
