require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'
require_relative '../../shared/queue/enque'
require_relative '../../shared/queue/sized_enque'

describe "SizedQueue#push" do
  it_behaves_like :queue_enq, :push, -> { SizedQueue.new(100) }
end

describe "SizedQueue#push on a full queue" do
  it_behaves_like :sized_queue_enq, :push, ->(n) { SizedQueue.new(n) }
end

describe "SizedQueue#push with non_block or timeout:" do
  it_behaves_like :sized_queue_enq_args, :push, ->(n) { SizedQueue.new(n) }
end
