# a custom exception class inside a module
module App
  class ConfigError < StandardError; end
end
def load_config
  raise App::ConfigError, "missing key"
end
load_config
