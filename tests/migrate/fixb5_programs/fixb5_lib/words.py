"""Two word files in step (train imported by name), ids from a hash table, a PaddingFIFOQueue read up to n."""
from tensorflow.compat.v1 import PaddingFIFOQueue, TextLineReader, int32, int64, size, string_split, train


def reader_line(path):
    produced = train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = TextLineReader().read(produced)
    return line


def word_batches(left_path, right_path, n, table):
    left_line = reader_line(left_path)
    right_line = reader_line(right_path)
    left = table.lookup(string_split([left_line]).values)
    right = table.lookup(string_split([right_line]).values)
    q = PaddingFIFOQueue(capacity=8, dtypes=[int64, int64, int32], shapes=[[None], [None], []])
    op = q.enqueue([left, right, size(left) + size(right)])
    train.add_queue_runner(train.QueueRunner(q, [op]))
    return tuple(q.dequeue_up_to(n))
