# exit 3: no report, status 3; ensure clauses and at_exit still run
at_exit { puts "at_exit runs" }
begin
  exit 3
ensure
  puts "ensure runs"
end
