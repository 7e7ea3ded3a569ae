import tensorflow.compat.v1 as tf


def get_input_data_tensors(reader, data_files, batch_size=2, num_readers=2):
    with tf.name_scope("train_input"):
        filename_queue = tf.train.string_input_producer(data_files, num_epochs=1, shuffle=False)
        training_data = [reader.prepare_reader(filename_queue) for _ in range(num_readers)]
        return tf.train.batch_join(training_data, batch_size=batch_size, capacity=batch_size * 5,
                                   allow_smaller_final_batch=True)
