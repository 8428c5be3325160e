require_relative '../../spec_helper'
require_relative 'fixtures/classes'
require_relative '../../shared/thread/start'

describe "Thread.fork" do
  it_behaves_like :thread_start, :fork
end
