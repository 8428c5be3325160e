class Robot
  COMMANDS = %i[forward turn stop]
  attr_reader :log
  def initialize = @log = []
  def forward(n = 1) = @log << "forward #{n}"
  def turn(dir) = @log << "turn #{dir}"
  def stop = @log << "stop"
  def run(program)
    program.each do |cmd, *args|
      if COMMANDS.include?(cmd) && respond_to?(cmd)
        public_send(cmd, *args)
      else
        @log << "unknown #{cmd}"
      end
    end
    self
  end
end
r = Robot.new.run([[:forward, 3], [:turn, :left], [:jump], [:forward], [:stop]])
p r.log
p r.send(:log).size
meths = Robot.public_instance_methods(false).sort
p meths
p meths.map { |m| Robot.instance_method(m).arity }
ops = { "+" => :+, "*" => :* }
p ops.map { |s, op| 6.send(op, 3) }
p 10.public_send(:-, 4), [3, 1].send(:sort)
p "abc".respond_to?(:upcase), 5.respond_to?(:upcase)
