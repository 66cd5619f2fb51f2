# e2mmap.rb: Exception2MessageMapper, exception classes with message
# templates, for miniruby.
#
# Written for miniruby after the API of Ruby 1.8.7's e2mmap.rb:
#   extend Exception2MessageMapper (in a class or module), then
#   def_exception(name, template, superclass = StandardError) (defines the
#   constant name, a new exception class), def_e2message(klass, template)
#   (a template for an existing class), Raise(klass, *args) / Fail (raise
#   klass with sprintf(template, *args)); include Exception2MessageMapper
#   gives instances Raise/Fail that use their class's templates.  The module
#   functions Exception2MessageMapper.def_exception(k, n, m, s),
#   .def_e2message(k, c, m), .Raise(k, c, *args), .e2mm_message(k, c) and
#   .extend_to(binding), the alias E2MM, and a public fail that raises
#   through the templates (Kernel#fail for anything unregistered).
#   Templates are looked up along the ancestors of the raising class and
#   may contain #{...}, evaluated in that class
#   ("\#{self.name} dimension mismatch" gives "Matrix dimension mismatch").
#   An unregistered class raises
#   Exception2MessageMapper::ErrNotRegisteredException
#   "not registered exception(Klass)".
# Left out: nothing of 1.8.7's public API.

module Exception2MessageMapper
  E2MM = Exception2MessageMapper

  @templates = {}

  class << self
    # The template for exception class c raised through klass, with its
    # #{...} parts evaluated in klass; nil when there is none.
    def e2mm_message(klass, c)
      klass.ancestors.each do |k|
        template = @templates[[k, c]]
        return klass.instance_eval('"' + template.gsub('"', '\\"') + '"') if template
      end
      nil
    end
    alias message e2mm_message

    def def_e2message(k, c, m)
      @templates[[k, c]] = m
      c
    end

    # Extends the self of binding b (old style: extend_to(binding)).
    def extend_to(b)
      eval("self", b).extend(self)
    end

    def def_exception(k, n, m, s = StandardError)
      n = n.id2name if n.kind_of?(Fixnum)
      c = Class.new(s)
      @templates[[k, c]] = m
      k.const_set(n, c)
    end

    def Raise(klass = E2MM, c = nil, *args)
      template = e2mm_message(klass, c)
      unless template
        Raise(E2MM, ErrNotRegisteredException, c.inspect)
      end
      where = caller.reject { |l| l.index(__FILE__) == 0 }
      raise c, sprintf(template, *args), where
    end
    alias Fail Raise

    # Extending a module gives it Raise and the def_ methods as singleton
    # methods, and the instances of the classes that include it Raise.
    def extend_object(mod)
      super
      return if mod.equal?(E2MM)
      mod.module_eval do
        def Raise(c = nil, *args)
          Exception2MessageMapper.Raise(self.class, c, *args)
        end
        alias_method :Fail, :Raise
      end
      def mod.included(other)
        super
        other.extend(Exception2MessageMapper)
      end
    end
  end

  def Raise(c = nil, *args)
    E2MM.Raise(self, c, *args)
  end
  alias Fail Raise

  # fail(klass, *args) with a template raises as Raise does; anything else
  # is Kernel#fail.  Public, so that Klass.fail(Klass::ErrX) works.
  def fail(*args)
    if args[0].kind_of?(Class) && E2MM.e2mm_message(self, args[0])
      E2MM.Raise(self, *args)
    else
      super
    end
  end
  public :fail

  def def_e2message(c, m)
    E2MM.def_e2message(self, c, m)
  end

  def def_exception(n, m, s = StandardError)
    E2MM.def_exception(self, n, m, s)
  end

  E2MM.def_exception(E2MM, :ErrNotRegisteredException, "not registered exception(%s)")
end
