# test/unit/util/observable.rb: Test::Unit::Util::Observable, for miniruby
# after Ruby 1.8.7's API: add_listener(channel, listener_key = nil, &block)
# (returns the key), remove_listener(channel, key) (returns the listener or
# nil) and notify_listeners(channel, *args) (returns how many were told).
# A listener is a block or anything with #call.  Left out: nothing.

module Test
  module Unit
    module Util
      module Observable
        NOTHING = "NOTHING/#{__id__}"

        def add_listener(channel_name, listener_key = NOTHING, &listener)
          unless block_given?
            listener = listener_key
            listener_key = NOTHING
          end
          raise ArgumentError, "No callback was passed as a listener" unless listener
          key = listener_key == NOTHING ? listener : listener_key
          channels[channel_name] ||= {}
          channels[channel_name][key] = listener
          key
        end

        def remove_listener(channel_name, listener_key)
          channel = channels[channel_name]
          return nil unless channel
          channel.delete(listener_key) if channel.has_key?(listener_key)
        end

        def notify_listeners(channel_name, *arguments)
          channel = channels[channel_name]
          return 0 unless channel
          channel.values.each { |l| l.call(*arguments) }
          channel.size
        end

        private

        def channels
          @channels ||= {}
        end
      end
    end
  end
end
