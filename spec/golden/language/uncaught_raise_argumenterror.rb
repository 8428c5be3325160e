# An uncaught ArgumentError raised by user code with a message.
class Temperature
  def initialize(kelvin)
    raise ArgumentError, "negative kelvin: #{kelvin}" if kelvin < 0
    @kelvin = kelvin
  end
end

p Temperature.new(10).instance_variable_get(:@kelvin)
Temperature.new(-3)
