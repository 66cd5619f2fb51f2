# the main program fails; at_exit handlers run first, then the report
at_exit { puts "cleanup" }
raise ArgumentError, "main failed"
