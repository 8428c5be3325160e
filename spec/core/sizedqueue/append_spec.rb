require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'
require_relative '../../shared/queue/enque'
require_relative '../../shared/queue/sized_enque'

describe "SizedQueue#<<" do
  it_behaves_like :queue_enq, :<<, -> { SizedQueue.new(100) }
end

describe "SizedQueue#<< on a full queue" do
  it_behaves_like :sized_queue_enq, :<<, ->(n) { SizedQueue.new(n) }
end
