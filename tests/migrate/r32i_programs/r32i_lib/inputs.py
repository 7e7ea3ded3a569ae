"""im2txt's input helpers, shrunk: a prefetch helper returning a hand-built values queue (shuffling when
training) filled by two readers' enqueue ops and a QueueRunner, and a batch helper joining the copies it is
handed with a dynamic pad."""
import tensorflow.compat.v1 as tf


def prefetch_input_data(reader, file_pattern, is_training, batch_size, values_per_shard,
                        num_reader_threads=1):
    data_files = []
    for pattern in file_pattern.split(","):
        data_files.extend(tf.gfile.Glob(pattern))
    data_files = sorted(data_files)
    if is_training:
        filename_queue = tf.train.string_input_producer(data_files, shuffle=True, num_epochs=1, seed=3)
        values_queue = tf.RandomShuffleQueue(capacity=values_per_shard + 4 * batch_size,
                                             min_after_dequeue=values_per_shard, dtypes=[tf.string], shapes=[()])
    else:
        filename_queue = tf.train.string_input_producer(data_files, shuffle=False, num_epochs=1)
        values_queue = tf.FIFOQueue(capacity=values_per_shard + 3 * batch_size, dtypes=[tf.string], shapes=[()])
    enqueue_ops = []
    for _ in range(num_reader_threads):
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    return values_queue


def parse_line(line):
    ident, length = tf.decode_csv(line, [[0], [0]])
    return ident, tf.range(length) + ident


def batch_with_dynamic_pad(ids_and_seqs, batch_size, queue_capacity):
    enqueue_list = []
    for ident, seq in ids_and_seqs:
        input_seq = seq[:-1]
        mask = tf.ones_like(input_seq)
        enqueue_list.append([ident, input_seq, mask])
    ids, seqs, mask = tf.train.batch_join(enqueue_list, batch_size=batch_size, capacity=queue_capacity,
                                          dynamic_pad=True, name="batch_and_pad")
    return ids, seqs, mask
