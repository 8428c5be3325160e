x = <<~EOS
  text
