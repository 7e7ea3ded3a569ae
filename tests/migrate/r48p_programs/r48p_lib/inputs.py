"""im2txt's input ops, `import tensorflow.compat.v1 as tf` style: a prefetch helper returning its values queue,
a batch helper joining the caller's preprocessing copies with dynamic padding."""
import tensorflow.compat.v1 as tf


def prefetch_input_data(reader, file_pattern, is_training, batch_size, values_per_shard,
                        input_queue_capacity_factor=2, num_reader_threads=1,
                        shard_queue_name="filename_queue", value_queue_name="input_queue"):
    data_files = []
    for pattern in file_pattern.split(","):
        data_files.extend(sorted(tf.gfile.Glob(pattern)))
    if is_training:
        filename_queue = tf.train.string_input_producer(
            data_files, shuffle=True, capacity=16, num_epochs=1, name=shard_queue_name)
        min_queue_examples = values_per_shard * input_queue_capacity_factor
        capacity = min_queue_examples + 100 * batch_size
        values_queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=min_queue_examples,
                                             dtypes=[tf.string], name="random_" + value_queue_name)
    else:
        filename_queue = tf.train.string_input_producer(
            data_files, shuffle=False, capacity=1, num_epochs=1, name=shard_queue_name)
        capacity = values_per_shard + 3 * batch_size
        values_queue = tf.FIFOQueue(capacity=capacity, dtypes=[tf.string], name="fifo_" + value_queue_name)
    enqueue_ops = []
    for _ in range(num_reader_threads):
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    return values_queue


def batch_with_dynamic_pad(idents_and_lengths, batch_size, queue_capacity, add_summaries=True):
    enqueue_list = []
    for ident, length in idents_and_lengths:
        seq = tf.range(length) + ident
        indicator = tf.ones_like(seq)
        enqueue_list.append([ident, seq, indicator])
    idents, seqs, mask = tf.train.batch_join(enqueue_list, batch_size=batch_size, capacity=queue_capacity,
                                             dynamic_pad=True, name="batch_and_pad")
    if add_summaries:
        tf.summary.scalar("seq/batch_max", tf.reduce_max(tf.reduce_sum(mask, 1)))
    return idents, seqs, mask
