# yaml/stream.rb: YAML::Stream, several YAML documents, for miniruby.
#
# Written for miniruby after Ruby 1.8.7's yaml/stream.rb:
#   Stream.new(opts = {}), documents, documents=, options, [](i),
#   add(doc), edit(i, doc), emit(io = nil) (the YAML text of every
#   document, or io written to).
# Left out: nothing of 1.8.7's API.

module YAML
  class Stream
    attr_accessor :documents, :options

    def initialize(opts = {})
      @options = opts
      @documents = []
    end

    def [](i)
      @documents[i]
    end

    def add(doc)
      @documents << doc
    end

    def edit(doc_num, doc)
      @documents[doc_num] = doc
    end

    def emit(io = nil)
      text = YAML::Emitter.write(@documents.map { |d| YAML::Emitter.new(@options).node_for(d) })
      return text unless io
      io.write(text)
      io
    end
  end
end
