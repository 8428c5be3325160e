require_relative '../../spec_helper'
require_relative '../thread/fixtures/classes'
require_relative '../../shared/queue/deque'

describe "SizedQueue#pop" do
  it_behaves_like :queue_deq, :pop, -> { SizedQueue.new(100) }
end
