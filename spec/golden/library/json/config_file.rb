# Reading and updating a JSON configuration file, the way scripts do.
require 'json'

path = "/tmp/spinel_json_config_#{Process.pid}.json"
File.write(path, <<~JSON)
  {
    "name": "deploy",
    "version": 3,
    "ratio": 0.75,
    "enabled": true,
    "owner": null,
    "servers": [
      {"host": "alpha.example.com", "port": 22, "tags": ["web", "db"]},
      {"host": "beta.example.com", "port": 2222, "tags": []}
    ],
    "limits": {"cpu": 1.5, "memory": "512M", "nested": {"deep": [1, [2, [3]]]}}
  }
JSON

config = JSON.parse(File.read(path))
puts config.class
puts config["name"], config["version"], config["ratio"], config["enabled"].inspect, config["owner"].inspect
config["servers"].each do |s|
  puts "#{s["host"]}:#{s["port"]} #{s["tags"].join(",")}"
end
p config["limits"]
p config.keys

sym = JSON.parse(File.read(path), symbolize_names: true)
p sym[:servers].map { |s| s[:host] }
p sym[:limits][:nested]
p sym.keys.first.class

config["version"] += 1
config["servers"] << {"host" => "gamma.example.com", "port" => 22, "tags" => ["new"]}
File.write(path, JSON.pretty_generate(config) + "\n")
print File.read(path)

again = JSON.load_file(path)
puts again == config
puts JSON.load_file(path, symbolize_names: true)[:servers].size
File.delete(path)
