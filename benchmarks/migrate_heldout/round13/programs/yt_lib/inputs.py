import tensorflow.compat.v1 as tf


def get_input_data_tensors(reader, data_pattern, batch_size=16, num_readers=2, num_epochs=1):
    with tf.name_scope("train_input"):
        files = tf.io.gfile.glob(data_pattern)
        if not files:
            raise IOError("Unable to find training files. data_pattern='" + data_pattern + "'.")
        filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
        training_data = [reader.prepare_reader(filename_queue) for _ in range(num_readers)]
        return tf.train.batch_join(training_data, batch_size=batch_size, capacity=batch_size * 5,
                                   allow_smaller_final_batch=True, enqueue_many=True)
