import tensorflow.compat.v1 as tf


def get_input_data_tensors(reader, data_files, batch_size=2, num_epochs=1):
    with tf.name_scope("train_input"):
        filename_queue = tf.train.string_input_producer(data_files, num_epochs=num_epochs, shuffle=False)
        video_id, video_matrix, labels, num_frames = reader.prepare_reader(filename_queue)
        return tf.train.batch([video_id, video_matrix, labels, num_frames], batch_size=batch_size,
                              capacity=batch_size * 5, allow_smaller_final_batch=True)
