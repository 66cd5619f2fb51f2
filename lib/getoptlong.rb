# getoptlong.rb: GetoptLong, GNU getopt_long()-style option parsing of
# ARGV, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's getoptlong.rb:
#   GetoptLong.new([name, alias..., flag], ...) where flag is
#   GetoptLong::NO_ARGUMENT, REQUIRED_ARGUMENT or OPTIONAL_ARGUMENT;
#   set_options, ordering/ordering= (REQUIRE_ORDER, PERMUTE (the default
#   unless POSIXLY_CORRECT is set), RETURN_IN_ORDER), quiet/quiet=/
#   quiet?, get/get_option ([canonical name, argument], nil at the end),
#   each/each_option, terminate, terminated?, error/error?,
#   error_message.  Long options may be abbreviated and take "=VALUE" or
#   the next argument; short ones cluster (-abc, -ovalue); "--" ends the
#   options; with PERMUTE the non-options are put back in ARGV when
#   processing ends.
#   Errors: GetoptLong::Error and its subclasses AmbigousOption (1.8.7's
#   spelling; AmbiguousOption names it too), NeedlessArgument,
#   MissingArgument and InvalidOption, with 1.8.7's messages, which are
#   also printed as "PROGRAM: MESSAGE" on $stderr unless quiet.  After an
#   error, get returns nil.
#   Bad option lists raise ArgumentError ("no argument-flag", "too many
#   argument-flags", "an invalid option `x'", "option redefined `-a'",
#   "no option name", "the option list contains non-Array argument").
# Left out: nothing of 1.8.7's API.
class GetoptLong
  ORDERINGS = [REQUIRE_ORDER = 0, PERMUTE = 1, RETURN_IN_ORDER = 2]
  ARGUMENT_FLAGS = [NO_ARGUMENT = 0, REQUIRED_ARGUMENT = 1, OPTIONAL_ARGUMENT = 2]
  STATUS_YET, STATUS_STARTED, STATUS_TERMINATED = 0, 1, 2

  class Error < StandardError; end
  class AmbigousOption < Error; end
  AmbiguousOption = AmbigousOption
  class NeedlessArgument < Error; end
  class MissingArgument < Error; end
  class InvalidOption < Error; end

  def initialize(*arguments)
    @ordering = ENV.include?('POSIXLY_CORRECT') ? REQUIRE_ORDER : PERMUTE
    @canonical_names = {}
    @argument_flags = {}
    @quiet = false
    @status = STATUS_YET
    @error = nil
    @error_message = nil
    @rest_singles = ''
    @non_option_arguments = []
    set_options(*arguments) unless arguments.empty?
  end

  attr_reader :ordering

  def ordering=(ordering)
    if @status != STATUS_YET
      set_error(ArgumentError, "argument error")
    end
    unless ORDERINGS.include?(ordering)
      raise ArgumentError, "invalid ordering `#{ordering}'"
    end
    if ordering == PERMUTE && ENV.include?('POSIXLY_CORRECT')
      @ordering = REQUIRE_ORDER
    else
      @ordering = ordering
    end
  end

  # Replaces the option list: each argument is an Array of names (the
  # first is the canonical one) and one argument flag.
  def set_options(*arguments)
    if @status != STATUS_YET
      raise RuntimeError, "invoke set_options, but option processing has already started"
    end
    @canonical_names.clear
    @argument_flags.clear
    arguments.each do |arg|
      unless arg.is_a?(Array)
        raise ArgumentError, "the option list contains non-Array argument"
      end
      flags = arg.select { |i| ARGUMENT_FLAGS.include?(i) }
      raise ArgumentError, "too many argument-flags" if flags.size > 1
      raise ArgumentError, "no argument-flag" if flags.empty?
      flag = flags[0]
      canonical = nil
      arg.each do |name|
        next if name == flag
        begin
          if !name.is_a?(String) || name !~ /\A-([^-]|-.+)\z/
            raise ArgumentError, "an invalid option `#{name}'"
          end
          if @canonical_names.include?(name)
            raise ArgumentError, "option redefined `#{name}'"
          end
        rescue ArgumentError
          @canonical_names.clear
          @argument_flags.clear
          raise
        end
        canonical ||= name
        @canonical_names[name] = canonical
        @argument_flags[name] = flag
      end
      raise ArgumentError, "no option name" if canonical.nil?
    end
    self
  end

  attr_accessor :quiet
  alias quiet? quiet

  attr_reader :error
  alias error? error

  def error_message
    @error_message
  end

  # Ends option processing: the non-options set aside go back in front
  # of ARGV.
  def terminate
    return nil if @status == STATUS_TERMINATED
    raise RuntimeError, "an error has occured" if @error
    @status = STATUS_TERMINATED
    @non_option_arguments.reverse_each { |a| ARGV.unshift(a) }
    @canonical_names = nil
    @argument_flags = nil
    @rest_singles = nil
    @non_option_arguments = nil
    self
  end

  def terminated?
    @status == STATUS_TERMINATED
  end

  def set_error(type, message)
    $stderr.print("#{$0}: #{message}\n") unless @quiet
    @error = type
    @error_message = message
    @canonical_names = nil
    @argument_flags = nil
    @rest_singles = nil
    @non_option_arguments = nil
    raise type, message
  end
  protected :set_error

  # The next option as [canonical name, argument ('' if none)], or nil
  # when there are no more; with RETURN_IN_ORDER a non-option comes as
  # ['', argument].
  def get
    return nil if @error
    case @status
    when STATUS_YET then @status = STATUS_STARTED
    when STATUS_TERMINATED then return nil
    end

    if @rest_singles.length > 0
      argument = '-' + @rest_singles
    elsif ARGV.empty?
      terminate
      return nil
    elsif @ordering == PERMUTE
      @non_option_arguments.push(ARGV.shift) while !ARGV.empty? && ARGV[0] !~ /\A-./m
      if ARGV.empty?
        terminate
        return nil
      end
      argument = ARGV.shift
    elsif @ordering == REQUIRE_ORDER
      if ARGV[0] !~ /\A-./m
        terminate
        return nil
      end
      argument = ARGV.shift
    else
      argument = ARGV.shift
      return '', argument if argument !~ /\A-./m
    end

    if argument == '--' && @rest_singles.empty?
      terminate
      return nil
    end

    if argument =~ /\A(--[^=]+)/ && @rest_singles.empty?
      name, value = get_long(argument, $1)
    elsif argument =~ /\A(-(.))(.*)/m
      name, value = get_short($1, $2, $3)
    else
      return '', argument
    end
    return @canonical_names[name], value
  end
  alias get_option get

  def get_long(argument, pattern)
    name = nil
    if @canonical_names.include?(pattern)
      name = pattern
    else
      matches = @canonical_names.keys.select { |key| key.index(pattern) == 0 }
      if matches.size >= 2
        set_error(AmbigousOption, "option `#{argument}' is ambiguous between #{matches.join(', ')}")
      elsif matches.empty?
        set_error(InvalidOption, "unrecognized option `#{argument}'")
      end
      name = matches[0]
    end
    value = ''
    case @argument_flags[name]
    when REQUIRED_ARGUMENT
      if argument =~ /=(.*)\z/m
        value = $1
      elsif !ARGV.empty?
        value = ARGV.shift
      else
        set_error(MissingArgument, "option `#{argument}' requires an argument")
      end
    when OPTIONAL_ARGUMENT
      if argument =~ /=(.*)\z/m
        value = $1
      elsif !ARGV.empty? && ARGV[0] !~ /\A-./m
        value = ARGV.shift
      end
    else
      if argument =~ /=/
        set_error(NeedlessArgument, "option `#{name}' doesn't allow an argument")
      end
    end
    return name, value
  end
  private :get_long

  def get_short(name, ch, rest)
    @rest_singles = rest
    unless @canonical_names.include?(name)
      if ENV.include?('POSIXLY_CORRECT')
        set_error(InvalidOption, "illegal option -- #{ch}")
      else
        set_error(InvalidOption, "invalid option -- #{ch}")
      end
    end
    value = ''
    case @argument_flags[name]
    when REQUIRED_ARGUMENT
      if @rest_singles.length > 0
        value = @rest_singles
        @rest_singles = ''
      elsif !ARGV.empty?
        value = ARGV.shift
      else
        # the form of this message is POSIX's
        set_error(MissingArgument, "option requires an argument -- #{ch}")
      end
    when OPTIONAL_ARGUMENT
      if @rest_singles.length > 0
        value = @rest_singles
        @rest_singles = ''
      elsif !ARGV.empty? && ARGV[0] !~ /\A-./m
        value = ARGV.shift
      end
    end
    return name, value
  end
  private :get_short

  # Yields each option's canonical name and argument.
  def each
    loop do
      name, value = get_option
      break if name.nil?
      yield name, value
    end
  end
  alias each_option each
end
