Pod::Spec.new do |s|
  s.name         = 'Core'
  s.version      = '1.0.0'
  s.summary      = 'Pages, the module protocol and the app router protocol of TripLog.'
  s.platform     = :ios, '15.0'
  s.source       = { :path => '.' }
  s.source_files = 'Sources/**/*.swift'
end
