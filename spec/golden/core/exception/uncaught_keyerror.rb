# KeyError from Hash#fetch, uncaught, plus at_exit output ordering
at_exit { puts "at_exit handler" }
config = {host: "localhost", port: 8080}
puts config.fetch(:host)
puts config.fetch(:user)
