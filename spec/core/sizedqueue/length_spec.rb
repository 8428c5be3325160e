require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'
require_relative '../../shared/queue/length'

describe "SizedQueue#length" do
  it_behaves_like :queue_length, :length, -> { SizedQueue.new(100) }
end
