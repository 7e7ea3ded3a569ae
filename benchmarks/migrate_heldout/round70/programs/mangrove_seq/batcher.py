import tensorflow.compat.v1 as tf

from mangrove_seq.records import parse


def get_padded_batch(file_list, batch_size, num_epochs=1):
    file_queue = tf.train.string_input_producer(file_list, num_epochs=num_epochs, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(file_queue)
    context, sequence = parse(serialized_example)
    length = tf.cast(context['length'], tf.int32)
    return tf.train.batch([context['plot_id'], length, sequence['depth'], sequence['salinity']],
                          batch_size=batch_size, capacity=32, num_threads=1, dynamic_pad=True)
