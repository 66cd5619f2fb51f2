# resident.rb: for tests whose assertions are on the process's resident
# size (require 'resident').  AddressSanitizer keeps freed memory in
# quarantine, and the resident size would count every buffer freed and
# grown through: a sanitizer build runs the test again without it.
if `#{File.readlink("/proc/self/exe")} -v` =~ /asan/ && ENV["ASAN_OPTIONS"].to_s !~ /quarantine_size_mb=0/
  ENV["ASAN_OPTIONS"] = [ENV["ASAN_OPTIONS"], "quarantine_size_mb=0"].compact.join(":")
  exec(File.readlink("/proc/self/exe"), *($:.map { |d| ["-I", d] }.flatten + [$0]))
end

def rss_bytes
  File.read("/proc/self/status")[/^VmRSS:\s+(\d+)/, 1].to_i * 1024
end
