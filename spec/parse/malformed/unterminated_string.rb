puts "hello
