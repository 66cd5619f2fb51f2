# erb.rb: ERB, embedded Ruby templates, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's erb.rb:
#   ERB.new(str, safe_level = nil, trim_mode = nil, eoutvar = '_erbout'),
#   #result(binding = TOPLEVEL_BINDING), #run(binding) (prints the
#   result), #src (the Ruby code the template compiles to), #filename /
#   #filename= (named in backtraces instead of "(erb)"), #set_eoutvar,
#   #def_method(mod, "name(args)", fname = '(ERB)'), #def_module(name =
#   'erb'), #def_class(superclass = Object, name = 'result'), ERB.version,
#   ERB::Compiler (new(trim_mode), #compile(str), put_cmd, insert_cmd,
#   pre_cmd, post_cmd, percent, trim_mode), ERB::Util (html_escape/h,
#   url_encode/u, as module functions and for include) and
#   ERB::DefMethod.def_erb_method.
# Tags: <% code %>, <%= expression %>, <%# comment %>; <%% and %%> (inside
# a tag) stand for a literal <% and %>.  Trim modes, as 1.8.7 takes them:
#   ">"   a line ending in %> loses its newline;
#   "<>"  a line starting with <% and ending in %> loses its newline;
#   "-"   "-%>" eats the newline after it, and "<%-" at the start of a
#         line eats the indentation before it;
#   "%"   a line starting with % is Ruby code; %% at the start of a line
#         is a literal %.  "%" combines with the others ("%<>", "%-" ...);
#   0, 1, 2 are the old numbers for nil, ">" and "<>".
# Each line of the template is a line of src, so errors name the template's
# line numbers.
# With a safe_level, result (and run) evaluates the template in a new
# thread at that $SAFE, as 1.8.7 did.
# Left out: nothing of 1.8.7's API.  Where TOPLEVEL_BINDING is missing,
# the default binding has main as self but does not see the main script's
# local variables.

class ERB
end

# A binding at the top level, with main as self, for result's default.
ERB.const_set(:DEFAULT_BINDING, defined?(::TOPLEVEL_BINDING) ? ::TOPLEVEL_BINDING : lambda { binding }.call)

class ERB
  def self.version
    "2.0.4"
  end

  attr_reader :src, :safe_level
  attr_accessor :filename

  def initialize(str, safe_level = nil, trim_mode = nil, eoutvar = '_erbout')
    @safe_level = safe_level
    compiler = ERB::Compiler.new(trim_mode)
    set_eoutvar(compiler, eoutvar)
    @src = compiler.compile(str)
    @filename = nil
  end

  def set_eoutvar(compiler, eoutvar = '_erbout')
    compiler.put_cmd = "#{eoutvar}.concat"
    compiler.insert_cmd = "#{eoutvar}.concat"
    compiler.pre_cmd = ["#{eoutvar} = ''"]
    compiler.post_cmd = [eoutvar]
  end

  def run(b = DEFAULT_BINDING)
    print result(b)
  end

  # With a safe_level the template runs in a thread of its own at that
  # $SAFE, as in 1.8.7; the thread's exception is raised here.
  def result(b = DEFAULT_BINDING)
    return eval(@src, b, (@filename || '(erb)'), 1) unless @safe_level
    level = @safe_level
    Thread.new { $SAFE = level; eval(@src, b, (@filename || '(erb)'), 1) }.value
  end

  # Defines mod#name from the template; name may carry the arguments:
  # erb.def_method(MyClass, 'render(title)').
  def def_method(mod, methodname, fname = '(ERB)')
    mod.module_eval("def #{methodname}\n" + @src + "\nend\n", fname, 0)
  end

  def def_module(methodname = 'erb')
    mod = Module.new
    def_method(mod, methodname)
    mod
  end

  def def_class(superklass = Object, methodname = 'result')
    cls = Class.new(superklass)
    def_method(cls, methodname)
    cls
  end

  # Turns a template into Ruby code that builds the text in a variable.
  class Compiler
    # A %-line of Ruby code.
    class PercentLine
      attr_reader :value
      alias to_s value

      def initialize(str)
        @value = str
      end
    end

    STAGS = ['<%', '<%=', '<%#']

    attr_reader :percent, :trim_mode
    attr_accessor :put_cmd, :insert_cmd, :pre_cmd, :post_cmd

    def initialize(trim_mode)
      @percent, @trim_mode = prepare_trim_mode(trim_mode)
      @put_cmd = 'print'
      @insert_cmd = @put_cmd
      @pre_cmd = []
      @post_cmd = []
    end

    def compile(s)
      out = Buffer.new(self)
      content = ''
      stag = nil
      each_token(s, lambda { stag }) do |token|
        if stag.nil?
          case token
          when PercentLine
            out.push("#{@put_cmd} #{content_dump(content)}") if content.size > 0
            content = ''
            out.push(token.to_s)
            out.cr
          when :cr
            out.cr
          when '<%', '<%=', '<%#'
            stag = token
            out.push("#{@put_cmd} #{content_dump(content)}") if content.size > 0
            content = ''
          when "\n"
            content << "\n"
            out.push("#{@put_cmd} #{content.dump}")
            out.cr
            content = ''
          when '<%%'
            content << '<%'
          else
            content << token
          end
        else
          case token
          when '%>'
            case stag
            when '<%'
              if content[-1, 1] == "\n"
                content.chop!
                out.push(content)
                out.cr
              else
                out.push(content)
              end
            when '<%='
              out.push("#{@insert_cmd}((#{content}).to_s)")
            when '<%#'
              content.count("\n").times { out.cr }  # keeps the line numbers
            end
            stag = nil
            content = ''
          when '%%>'
            content << '%>'
          when :cr
            content << "\n"
          else
            content << token
          end
        end
      end
      out.push("#{@put_cmd} #{content_dump(content)}") if content.size > 0
      out.close
      out.script
    end

    private

    def prepare_trim_mode(mode)
      case mode
      when 1 then [false, '>']
      when 2 then [false, '<>']
      when 0, nil then [false, nil]
      when String
        perc = mode.include?('%')
        trim = if mode.include?('<>') then '<>'
               elsif mode.include?('>') then '>'
               elsif mode.include?('-') then '-'
               end
        [perc, trim]
      else
        [false, nil]
      end
    end

    # A string literal for text; with as many newlines after it as the
    # text has, so that src keeps the template's lines.
    def content_dump(s)
      n = s.count("\n")
      n > 0 ? s.dump + "\n" * n : s.dump
    end

    # Yields the template's tokens: text, tags, "\n", :cr (a newline of
    # the template that the output does not get) and PercentLines.
    def each_token(src, in_tag, &block)
      if @percent.nil? || (!@percent && @trim_mode.nil?)
        scan_simple(src, in_tag, &block)
        return
      end
      src.scan(/.*?(?:\n|\z)/m) do |line|
        next if line.empty?
        if @percent && in_tag.call.nil? && line[0, 1] == '%'
          if line[1, 1] == '%'
            scan_line(line[1..-1], in_tag, &block)
          else
            yield PercentLine.new(line[1..-1].chomp)
          end
        else
          scan_line(line, in_tag, &block)
        end
      end
    end

    # Without trim mode or % lines: text is yielded whole.
    def scan_simple(src, in_tag)
      pos = 0
      while pos < src.size
        re = in_tag.call ? /(.*?)(%%>|%>|\z)/m : /(.*?)(<%%|<%=|<%#|<%|\z)/m
        m = re.match(src[pos..-1])
        yield m[1] unless m[1].empty?
        yield m[2] unless m[2].empty?
        pos += m[0].size
        break if m[0].empty?
      end
    end

    def scan_line(line, in_tag, &block)
      case @trim_mode
      when '>' then scan_trim_gt(line, &block)
      when '<>' then scan_trim_ltgt(line, &block)
      when '-' then scan_trim_explicit(line, &block)
      else scan_tokens(line, /(.*?)(<%%|%%>|<%=|<%#|<%|%>|\n|\z)/m, &block)
      end
    end

    def scan_tokens(line, re)
      pos = 0
      while pos < line.size
        m = re.match(line[pos..-1])
        break if m[0].empty?
        yield m[1] unless m[1].empty?
        yield m[2] unless m[2].empty?
        pos += m[0].size
      end
    end

    def scan_trim_gt(line)
      scan_tokens(line, /(.*?)(<%%|%%>|<%=|<%#|<%|%>\n|%>|\n|\z)/m) do |token|
        if token == "%>\n"
          yield '%>'
          yield :cr
        else
          yield token
        end
      end
    end

    def scan_trim_ltgt(line)
      trim = line =~ /\A<%(?!%)/ && line =~ /%>\n\z/
      tokens = []
      scan_tokens(line, /(.*?)(<%%|%%>|<%=|<%#|<%|%>|\n|\z)/m) { |t| tokens << t }
      if trim && tokens[-1] == "\n" && tokens[-2] == '%>'
        tokens[-1] = :cr
      end
      tokens.each { |t| yield t }
    end

    def scan_trim_explicit(line)
      re = /(.*?)(^[ \t]*<%-|<%-|<%%|%%>|<%=|<%#|<%|-%>\n|-%>|%>|\z)/m
      first = true
      pos = 0
      while pos < line.size
        rest = line[pos..-1]
        m = re.match(rest)
        break if m[0].empty?
        text, tag = m[1], m[2]
        # ^ must mean the start of the line, not of the rest of it
        if !first && tag =~ /\A[ \t]+<%-\z/
          text += tag[0...-3]
          tag = '<%-'
        end
        first = false
        yield text unless text.empty?
        case tag
        when /<%-\z/ then yield '<%'
        when "-%>\n" then yield '%>'; yield :cr
        when '-%>' then yield '%>'
        when '' then nil
        else yield tag
        end
        pos += m[0].size
      end
    end

    # The lines of the compiled code.
    class Buffer
      attr_reader :script

      def initialize(compiler)
        @compiler = compiler
        @line = []
        @script = ''
        @compiler.pre_cmd.each { |x| push(x) }
      end

      def push(cmd)
        @line << cmd
      end

      def cr
        @script << @line.join('; ')
        @line = []
        @script << "\n"
      end

      def close
        return unless @line
        @compiler.post_cmd.each { |x| push(x) }
        @script << @line.join('; ')
        @line = nil
      end
    end
  end

  module Util
    HTML_ESCAPE = { '&' => '&amp;', '"' => '&quot;', '>' => '&gt;', '<' => '&lt;' }

    # & " < > as entities (' stays, as in 1.8.7).
    def html_escape(s)
      s.to_s.gsub(/[&"<>]/) { |c| HTML_ESCAPE[c] }
    end
    alias h html_escape
    module_function :h
    module_function :html_escape

    # Every byte but letters, digits, _ - . as %XX.
    def url_encode(s)
      s.to_s.gsub(/[^a-zA-Z0-9_\-.]/n) { |c| sprintf("%%%02X", c[0]) }
    end
    alias u url_encode
    module_function :u
    module_function :url_encode
  end

  module DefMethod
    # Defines methname on self from an ERB or from the file named.
    def def_erb_method(methname, erb_or_fname)
      if erb_or_fname.kind_of?(String)
        fname = erb_or_fname
        erb = ERB.new(File.read(fname))
        erb.def_method(self, methname, fname)
      else
        erb = erb_or_fname
        erb.def_method(self, methname, erb.filename || '(ERB)')
      end
    end
    module_function :def_erb_method
  end
end
