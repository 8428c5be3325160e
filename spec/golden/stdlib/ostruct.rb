# OpenStruct compiled from the installed ostruct.rb
require 'ostruct'
person = OpenStruct.new(name: "Ada", age: 36)
person.email = "ada@example.com"
p person.name, person.age, person.email
p person[:name], person["age"]
person[:age] += 1
p person.age
p person.respond_to?(:email), person.respond_to?(:phone)
p person.to_h
p person
person.each_pair { |k, v| puts "#{k}=#{v}" }
p person.each_pair.to_a
p person.dig(:name)
person.delete_field(:email)
p person.email, person.to_h.keys
p OpenStruct.new(a: 1) == OpenStruct.new(a: 1)
config = OpenStruct.new
config.debug = true
puts "debug on" if config.debug
p config.missing
