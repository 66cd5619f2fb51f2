x = <<EOS
abc
