import tensorflow as tf

v1 = tf.compat.v1


def _parse_spectrum(serialized, npix):
    features = v1.parse_single_example(serialized, features={
        'objid': v1.FixedLenFeature([], tf.string),
        'flux': v1.FixedLenFeature([npix], tf.float32),
        'redshift': v1.FixedLenFeature([], tf.float32),
        'label': v1.FixedLenFeature([], tf.int64),      # 'STAR'==0, 'QSO'==1, 'GALAXY'==2
    })
    flux = features['flux'] / tf.reduce_max(features['flux'])
    return [flux, features['redshift'], features['label'], features['objid']]


def read_spectra_data(file_names, npix, batch_size, num_readers=2, num_epochs=1):
    filename_queue = v1.train.string_input_producer(file_names, num_epochs=num_epochs, shuffle=True, seed=38)
    spectra = []
    for _ in range(num_readers):
        reader = v1.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        spectra.append(_parse_spectrum(serialized, npix))
    min_after_dequeue = 4
    return v1.train.shuffle_batch_join(spectra, batch_size=batch_size,
                                       capacity=min_after_dequeue + (num_readers + 1) * batch_size,
                                       min_after_dequeue=min_after_dequeue)
